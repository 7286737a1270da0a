import { defineProject } from 'vitest/config';

/** End-to-end suites: real api, real PostgreSQL, the built console in Debian's Chromium. */
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
