import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleInputs, ensureConsoleBuild } from './console-build.mjs';

// A stand-in for `vite build`: counts its runs, writes index.html to --outDir, fails on demand.
const FAKE_VITE = `#!/usr/bin/env node
const fs = require('node:fs');
const path = require('node:path');
fs.appendFileSync(path.join(__dirname, 'runs'), 'x');
if (process.env.FAKE_VITE_FAIL) process.exit(1);
const out = process.argv[process.argv.indexOf('--outDir') + 1];
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'index.html'), 'api=' + process.env.VITE_API_URL);
`;

let root;
let dataDir;

function write(file, text) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

const manifest = (name, deps = {}) => JSON.stringify({ name, dependencies: deps });
const runs = () => fs.readFileSync(path.join(root, 'web/node_modules/.bin/runs'), 'utf8').length;
const build = (env = {}) =>
  ensureConsoleBuild({ root, dataDir, env: { PATH: process.env.PATH, ...env } });

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-console-build-'));
  dataDir = path.join(root, '.atendo');
  // web imports @x/domain, which imports @x/rules; @x/cli is nobody's dependency of web.
  write(
    'package.json',
    JSON.stringify({ workspaces: ['web', 'packages/domain', 'packages/rules', 'cli'] }),
  );
  write('package-lock.json', '{}');
  write('web/package.json', manifest('@x/web', { '@x/domain': '*', react: '*' }));
  write('web/src/main.tsx', 'render()');
  write('packages/domain/package.json', manifest('@x/domain', { '@x/rules': '*' }));
  write('packages/domain/src/index.ts', 'export {}');
  write('packages/rules/package.json', manifest('@x/rules'));
  write('packages/rules/src/index.ts', 'export const days = 3');
  write('cli/package.json', manifest('@x/cli', { '@x/domain': '*' }));
  write('cli/src/main.ts', 'run()');
  write('web/node_modules/.bin/vite', FAKE_VITE);
  fs.chmodSync(path.join(root, 'web/node_modules/.bin/vite'), 0o755);
  write('web/node_modules/.bin/runs', '');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the console build npm start serves', () => {
  it('follows web/ to the workspace packages it imports, directly or not', () => {
    expect(consoleInputs(root)).toEqual(['packages/domain', 'packages/rules', 'web']);
  });

  it('builds once, then only when web/, a package it imports, the lockfile or VITE_* changed', async () => {
    const first = await build({ VITE_API_URL: '' });
    expect(first.built).toBe(true);
    expect(fs.readFileSync(path.join(first.dir, 'index.html'), 'utf8')).toBe('api=');
    expect((await build({ VITE_API_URL: '' })).built).toBe(false);
    expect(runs()).toBe(1);

    write('cli/src/main.ts', 'run(); exit()');
    write('web/node_modules/react.js', 'a dependency');
    expect((await build({ VITE_API_URL: '' })).built).toBe(false);

    const changes = [
      () => write('web/src/main.tsx', 'render(<App />)'),
      () => write('packages/rules/src/index.ts', 'export const days = 5'),
      () => write('web/src/features/new-page.tsx', 'export {}'),
      () => write('package-lock.json', '{"lockfileVersion":3}'),
    ];
    for (const change of changes) {
      change();
      expect((await build({ VITE_API_URL: '' })).built).toBe(true);
      expect((await build({ VITE_API_URL: '' })).built).toBe(false);
    }
    expect((await build({ VITE_API_URL: 'http://localhost:8080' })).built).toBe(true);
    expect(runs()).toBe(6);
  });

  it('rebuilds after a failed build or a deleted output, never trusting a stale stamp', async () => {
    await build();
    write('web/src/main.tsx', 'broken(');
    await expect(build({ FAKE_VITE_FAIL: '1' })).rejects.toThrow(/failed/);
    write('web/src/main.tsx', 'render()');
    // The sources are back to what the output was built from, but the failed build may have
    // emptied the output: the stamp went with the failure, so this builds again.
    expect((await build()).built).toBe(true);
    fs.rmSync(path.join(dataDir, 'console'), { recursive: true });
    expect((await build()).built).toBe(true);
    expect(runs()).toBe(4);
  });
});
