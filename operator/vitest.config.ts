import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'operator',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Integration tests start a real etcd + kube-apiserver + kube-controller-manager per file
    // (binaries from scripts/kube/install.mjs, ~5-10 s to start on a 2-core machine).
    // The first run on a fresh machine also builds them, which `npm test` does beforehand.
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
