import { defineConfig } from 'vitest/config';

/** Every suite of the monorepo; each workspace with tests has its own vitest.config.ts. */
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/contract', 'api', 'web', 'cli', 'workflows', 'e2e', 'cdk8s', 'operator', 'scripts', 'session'],
  },
});
