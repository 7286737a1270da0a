#!/usr/bin/env node
// `npm run typecheck`: type-checks every workspace in as few TypeScript programs as their
// settings allow, two at a time.
//
// Each workspace's own `tsc -p` (its `typecheck` script, still there for working on one
// workspace) also checks the sources of every workspace it imports: packages/testing, bench,
// cli and e2e each checked the whole api again, and one after the other that took about ten
// minutes of one core on a fresh 2-core machine. Workspaces whose effective compiler options are
// the same (`tsc --showConfig`) are checked here as one program (extending the first one's
// tsconfig, including every member's files), so each file is checked once per set of options;
// programs with different options (the console's DOM and path alias, the CLI's JSX) run side by
// side. Prints each program's errors and time; exits non-zero if any program failed.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const OUT = path.join(ROOT, 'node_modules', '.cache', 'atendo-typecheck');
const CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism()));

/** Workspaces that have a tsconfig.json, in package.json order. */
function workspaces() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return pkg.workspaces.filter((ws) => fs.existsSync(path.join(ROOT, ws, 'tsconfig.json')));
}

/** A workspace's effective configuration, as tsc resolves it (paths made absolute). */
function showConfig(ws) {
  const dir = path.join(ROOT, ws);
  const result = spawnSync(process.execPath, [TSC, '-p', 'tsconfig.json', '--showConfig'], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${ws}: tsc --showConfig failed\n${result.stdout}`);
  const config = JSON.parse(result.stdout);
  return {
    ws,
    // Options as text: equal text, equal program. Paths are kept relative: a `paths` alias
    // resolves against its own tsconfig, so workspaces with one never share a program.
    options: JSON.stringify(config.compilerOptions ?? {}),
    include: (config.include ?? []).map((p) => path.resolve(dir, p)),
    exclude: (config.exclude ?? []).map((p) => path.resolve(dir, p)),
    files: (config.files ?? []).map((p) => path.resolve(dir, p)),
  };
}

/** Groups workspaces with the same options; writes each group's tsconfig; returns the programs. */
function programs() {
  const groups = new Map();
  for (const config of workspaces().map(showConfig)) {
    const hasPaths = JSON.parse(config.options).paths !== undefined;
    const key = hasPaths ? `${config.ws}:${config.options}` : config.options;
    const group = groups.get(key) ?? [];
    group.push(config);
    groups.set(key, group);
  }
  fs.mkdirSync(OUT, { recursive: true });
  return [...groups.values()].map((members) => {
    const name = members.map((m) => m.ws.replace(/\//g, '-')).join('+');
    const file = path.join(OUT, `${members[0].ws.replace(/\//g, '-')}.tsconfig.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          extends: path.join(ROOT, members[0].ws, 'tsconfig.json'),
          include: members.flatMap((m) => m.include),
          exclude: members.flatMap((m) => m.exclude),
          files: members.flatMap((m) => m.files),
        },
        null,
        2,
      ),
    );
    return { name, file, members: members.map((m) => m.ws) };
  });
}

/** Runs one program; resolves with its exit code, output and time. */
function check(program) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [TSC, '-p', program.file, '--noEmit', '--pretty'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.once('exit', (code) =>
      resolve({ program, code: code ?? 1, output, ms: performance.now() - started }),
    );
  });
}

async function main() {
  const started = performance.now();
  const queue = programs().sort((a, b) => b.members.length - a.members.length);
  let failed = 0;
  const runOne = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { program, code, output, ms } = await check(next);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      process.stderr.write(
        `[typecheck] ${program.members.join(', ')}: ${code === 0 ? 'ok' : 'errors'} in ${(ms / 1000).toFixed(0)} s\n`,
      );
      if (code !== 0) failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, runOne));
  process.stderr.write(
    `[typecheck] ${failed ? `${failed} program(s) with errors` : 'no errors'} in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  return failed ? 1 : 0;
}

process.exitCode = await main();
