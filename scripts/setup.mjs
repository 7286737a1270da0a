#!/usr/bin/env node
// Installs what Atendo needs on this machine: node_modules, the temporal CLI, and (for tests)
// Temporal's time-skipping test server and Chromium. Plain Node with no dependencies, because it runs before `npm install`. Every step is
// idempotent and returns at once when its target is already there.
//
//   node scripts/setup.mjs                  all of them
//   node scripts/setup.mjs node temporal    only those steps (node | temporal | temporal-test-server | chromium)

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (the folder holding the root package.json). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where downloaded or built tools are cached, outside the repository so clones share them. */
export const CACHE_BIN = path.join(os.homedir(), '.cache', 'atendo', 'bin');

/** The temporal CLI version that still builds with `go install` (later tags carry a replace directive). */
export const TEMPORAL_CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal@v1.5.1';

/** Prints one progress line on stderr, so scripts that print results on stdout stay clean. */
export function step(message) {
  process.stderr.write(`[setup] ${message}\n`);
}

/** Runs a command with inherited output; throws with the command line when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/** The first executable called `name` on PATH (plus `extraDirs`), or undefined. */
export function which(name, extraDirs = []) {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), ...extraDirs].filter(Boolean);
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function isExecutable(file) {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Where the lockfile's hash is kept once node_modules was installed from it. */
export const INSTALLED_LOCK_HASH = path.join('node_modules', '.atendo-lock.sha256');

function lockHash() {
  try {
    return createHash('sha256')
      .update(fs.readFileSync(path.join(ROOT, 'package-lock.json')))
      .digest('hex');
  } catch {
    return undefined;
  }
}

/**
 * Runs `npm install` when node_modules is missing or package-lock.json changed since the last
 * install. "Changed" is by content (the hash kept in node_modules after an install), so a clone,
 * a checkout or a copy that only touched the lockfile's mtime installs nothing; a tree installed
 * some other way (`npm ci` by hand) is judged by mtime once (npm rewrites
 * node_modules/.package-lock.json at the end of every install), then by hash.
 */
export function ensureNodeModules() {
  const hash = lockHash();
  const marker = path.join(ROOT, INSTALLED_LOCK_HASH);
  const lock = mtime(path.join(ROOT, 'package-lock.json'));
  const installed = mtime(path.join(ROOT, 'node_modules', '.package-lock.json'));
  const kept = fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').trim() : undefined;
  const upToDate =
    installed !== undefined &&
    (kept !== undefined ? kept === hash : lock === undefined || lock <= installed);
  if (upToDate) {
    if (kept === undefined && hash) fs.writeFileSync(marker, `${hash}\n`);
    step('node_modules up to date');
    return;
  }
  step(
    installed === undefined
      ? 'installing node_modules (npm install)…'
      : 'package-lock.json changed: npm install…',
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Two installs into one tree at once corrupt it (npm start and npm test side by side).
  const flock = which('flock');
  if (flock) run(flock, [path.join(os.tmpdir(), 'atendo-npm.lock'), npm, 'install'], { cwd: ROOT });
  else run(npm, ['install'], { cwd: ROOT });
  if (hash) fs.writeFileSync(marker, `${hash}\n`);
  step('node_modules installed');
}

/**
 * Returns the path of a temporal CLI: $TEMPORAL_CLI_PATH, `temporal` on PATH, or the cached
 * build in ~/.cache/atendo/bin; builds it there with `go install` when none exists.
 */
export function ensureTemporal() {
  const fromEnv = process.env.TEMPORAL_CLI_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv))
      throw new Error(`TEMPORAL_CLI_PATH=${fromEnv} is not an executable file`);
    step(`temporal CLI: ${fromEnv} (TEMPORAL_CLI_PATH)`);
    return fromEnv;
  }
  const found = which('temporal', [CACHE_BIN]);
  if (found) {
    step(`temporal CLI: ${found}`);
    return found;
  }
  const go = which('go', [
    '/usr/local/go/bin',
    path.join(os.homedir(), 'go', 'bin'),
    '/usr/lib/go/bin',
  ]);
  if (!go) {
    throw new Error(
      'The temporal CLI is missing and Go is not installed to build it.\n' +
        '  Install Go 1.23+ (https://go.dev/dl or `apt-get install golang`) and rerun, or put a\n' +
        '  `temporal` binary on PATH, or set TEMPORAL_CLI_PATH to one.',
    );
  }
  step(
    `building the temporal CLI with ${go} (${TEMPORAL_CLI_MODULE}); the first build takes a few minutes…`,
  );
  fs.mkdirSync(CACHE_BIN, { recursive: true });
  run(go, ['install', TEMPORAL_CLI_MODULE], {
    env: { ...process.env, GOBIN: CACHE_BIN, CGO_ENABLED: '0' },
  });
  const built = path.join(CACHE_BIN, 'temporal');
  if (!isExecutable(built)) throw new Error(`go install finished but ${built} does not exist`);
  step(`temporal CLI built: ${built}`);
  return built;
}

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Returns the path of Debian's Chromium for the browser tests ($CHROMIUM_PATH, /usr/bin/chromium,
 * or `chromium` on PATH); installs it with apt-get when running as root.
 */
export function ensureChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv))
      throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file`);
    step(`chromium: ${fromEnv} (CHROMIUM_PATH)`);
    return fromEnv;
  }
  const found =
    CHROMIUM_CANDIDATES.find(isExecutable) ?? which('chromium') ?? which('chromium-browser');
  if (found) {
    step(`chromium: ${found}`);
    return found;
  }
  const aptGet = which('apt-get');
  const root = process.getuid?.() === 0;
  if (!aptGet || !root) {
    throw new Error(
      "Chromium is missing; the browser tests drive Debian's `chromium` package.\n" +
        (aptGet
          ? '  Run: sudo apt-get update && sudo apt-get install -y chromium\n'
          : '  Install Chromium with your package manager, then rerun.\n') +
        '  Or set CHROMIUM_PATH to an existing Chromium/Chrome binary.',
    );
  }
  step('installing chromium (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run(aptGet, ['update'], { env });
  run(aptGet, ['install', '-y', '--no-install-recommends', 'chromium'], { env });
  const installed = CHROMIUM_CANDIDATES.find(isExecutable) ?? which('chromium');
  if (!installed) throw new Error('apt-get installed chromium but no chromium binary was found');
  step(`chromium installed: ${installed}`);
  return installed;
}

/** The Java time-skipping test server of Temporal's SDKs, from Maven Central. */
export const TEMPORAL_TEST_SERVER = {
  group: 'io.temporal',
  artifact: 'temporal-test-server',
  version: '1.38.0',
};

/**
 * Installs `apt-get install` packages when running as root; otherwise explains what to install.
 * Returns false when it could not.
 */
function aptInstall(packages, why) {
  const aptGet = which('apt-get');
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!aptGet || !root) return false;
  step(`installing ${packages.join(' ')} (apt-get) for ${why}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run(aptGet, ['update'], { env });
  run(aptGet, ['install', '-y', '--no-install-recommends', ...packages], { env });
  return true;
}

/**
 * Returns the path of a launcher for Temporal's time-skipping test server (workflow tests with
 * timers of days run in seconds): $TEMPORAL_TEST_SERVER_PATH, or a script in the cache running
 * the Java server (`<launcher> <port> --enable-time-skipping`). Java and Maven come from the
 * machine or apt-get; Maven fetches the server and its dependencies from Maven Central once.
 */
export function ensureTemporalTestServer() {
  const fromEnv = process.env.TEMPORAL_TEST_SERVER_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv))
      throw new Error(`TEMPORAL_TEST_SERVER_PATH=${fromEnv} is not an executable file`);
    step(`temporal test server: ${fromEnv} (TEMPORAL_TEST_SERVER_PATH)`);
    return fromEnv;
  }
  const { group, artifact, version } = TEMPORAL_TEST_SERVER;
  const home = path.join(os.homedir(), '.cache', 'atendo', `${artifact}-${version}`);
  const lib = path.join(home, 'lib');
  const launcher = path.join(CACHE_BIN, 'temporal-test-server');
  const marker = path.join(home, '.complete');
  if (fs.existsSync(marker) && isExecutable(launcher)) {
    step(`temporal test server: ${launcher}`);
    return launcher;
  }
  let java = which('java');
  if (!java && aptInstall(['default-jre-headless'], 'the Temporal test server'))
    java = which('java');
  if (!java)
    throw new Error(
      "Java is missing; the workflow tests run Temporal's Java test server.\n" +
        '  Run: sudo apt-get install -y default-jre-headless (or put `java` on PATH)',
    );
  let mvn = which('mvn');
  if (!mvn && aptInstall(['maven'], 'fetching the Temporal test server')) mvn = which('mvn');
  if (!mvn)
    throw new Error(
      'Maven is missing; it fetches the Temporal test server from Maven Central.\n' +
        '  Run: sudo apt-get install -y maven (or set TEMPORAL_TEST_SERVER_PATH)',
    );
  step(`fetching ${group}:${artifact}:${version} and its dependencies (Maven Central)…`);
  fs.rmSync(home, { recursive: true, force: true });
  fs.mkdirSync(lib, { recursive: true });
  const pom = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>dev.atendo</groupId><artifactId>temporal-test-server-launcher</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>${group}</groupId><artifactId>${artifact}</artifactId><version>${version}</version></dependency>
  </dependencies>
</project>
`;
  fs.writeFileSync(path.join(home, 'pom.xml'), pom);
  run(
    mvn,
    [
      '-q',
      '-B',
      'dependency:copy-dependencies',
      `-DoutputDirectory=${lib}`,
      '-DincludeScope=runtime',
    ],
    {
      cwd: home,
    },
  );
  fs.mkdirSync(CACHE_BIN, { recursive: true });
  fs.writeFileSync(
    launcher,
    `#!/bin/sh\n# Temporal's time-skipping test server: <port> [--enable-time-skipping]\nexec "${java}" -Xss512k -XX:+UseSerialGC -cp "${lib}/*" io.temporal.testserver.TestServer "$@"\n`,
    { mode: 0o755 },
  );
  fs.writeFileSync(marker, `${version}\n`);
  step(`temporal test server installed: ${launcher}`);
  return launcher;
}

const STEPS = {
  node: ensureNodeModules,
  temporal: ensureTemporal,
  'temporal-test-server': ensureTemporalTestServer,
  chromium: ensureChromium,
};

function main(argv) {
  const wanted = argv.length > 0 ? argv : Object.keys(STEPS);
  for (const name of wanted) {
    if (!(name in STEPS)) {
      step(`unknown step "${name}"; steps are: ${Object.keys(STEPS).join(', ')}`);
      process.exit(2);
    }
  }
  try {
    for (const name of wanted) STEPS[name]();
    step('done');
  } catch (error) {
    step(`failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
