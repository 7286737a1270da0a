import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'session',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
