import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** Every suite of the monorepo; each workspace with tests has its own vitest.config.ts. */
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'packages/contract',
      'packages/core',
      'api',
      'web',
      'cli',
      'workflows',
      'e2e',
      'cdk8s',
      'operator',
      'scripts',
      'session',
    ],
    // Vitest's default in a run is one worker fewer than the cores: one on a 2-core machine, so
    // every file waited for the one before it while that one mostly waited for PostgreSQL,
    // Temporal, a kube-apiserver or Chromium. Two at least: on 2 cores the suite took 683 s
    // (files' own durations add up to about 1,120 s, a floor for one worker).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
