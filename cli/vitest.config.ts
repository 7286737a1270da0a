import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cli',
    include: ['src/**/*.test.{ts,tsx}'],
    // The api tests start PostgreSQL and the api once per file.
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Ink defers every frame to exit when it believes it runs in CI (is-in-ci reads CI at
    // import). The tests emulate an interactive terminal themselves, so they must not inherit
    // the CI flag of the machine running them; non-terminal behaviour has its own tests.
    env: { CI: 'false', CONTINUOUS_INTEGRATION: 'false' },
  },
});
