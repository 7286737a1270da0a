import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'workflows',
    include: ['src/**/*.test.ts'],
    // Real servers: a Temporal dev server, PostgreSQL, and a worker that bundles the workflows.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
