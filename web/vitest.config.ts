import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** Unit tests of the console's pure logic (no DOM: the browser test covers rendering). */
export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
