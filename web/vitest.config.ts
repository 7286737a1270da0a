import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/**
 * The console's tests: pure logic in node, components (`*.test.tsx`, each starting with a
 * `@vitest-environment jsdom` docblock) rendered with Testing Library, the api answered by an
 * in-test fetch handler (msw). The real browser against the real api is the e2e Chromium test.
 */
export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Rendering in jsdom on a shared 2-core machine can take seconds for a first test.
    testTimeout: 20_000,
  },
});
