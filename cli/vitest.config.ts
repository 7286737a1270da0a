import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cli',
    include: ['src/**/*.test.{ts,tsx}'],
    // The api tests start PostgreSQL and the api once per file.
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
