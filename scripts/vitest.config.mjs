import { defineProject } from 'vitest/config';

/** Tests of the root scripts (npm start's helpers) against throw-away fixtures. */
export default defineProject({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['*.test.mjs'],
  },
});
