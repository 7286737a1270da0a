import { defineConfig } from 'vitest/config';

/** Every suite of the monorepo; each workspace with tests has its own vitest.config.ts. */
export default defineConfig({
  test: {
    projects: ['packages/*', 'api', 'web', 'cli', 'workflows', 'e2e', 'operator', 'cdk8s', 'session'],
  },
});
