import { defineConfig } from 'vitest/config';

/**
 * The single-node cluster suite (`npm run test:cluster`, scripts/test-cluster.mjs): not a project
 * of the root config, so `npm test` leaves it out (docs/operations.md#local-cluster).
 */
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    testTimeout: 15 * 60_000,
    hookTimeout: 60 * 60_000,
    fileParallelism: false,
  },
});
