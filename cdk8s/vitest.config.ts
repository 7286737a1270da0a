import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cdk8s',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // helm runs as a subprocess; the dry-run suite starts a real etcd + kube-apiserver.
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
