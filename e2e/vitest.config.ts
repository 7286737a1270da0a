import { defineProject } from 'vitest/config';

/** End-to-end suites: real api, real PostgreSQL, the built console in Debian's Chromium. */
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    // The single-node cluster suite runs on its own (npm run test:cluster).
    exclude: ['**/node_modules/**', 'cluster/**'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
