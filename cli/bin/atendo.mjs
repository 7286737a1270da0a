#!/usr/bin/env node
// Runs the TypeScript sources through tsx, with the CLI's own tsconfig (JSX settings) whatever the cwd.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { run } = await import('../src/main.ts');

const code = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  isTTY: Boolean(process.stdin.isTTY && process.stderr.isTTY),
  color: Boolean(process.stdout.isTTY),
});
process.exitCode = code;
