#!/usr/bin/env node
// `npm start`: runs the whole platform on this machine. PostgreSQL (embedded, data under
// ./.atendo/pg) unless DATABASE_URL is set; a Temporal dev server (./.atendo/temporal.db) unless
// TEMPORAL_ADDRESS is set; then the api, which also serves the built console (./.atendo/console,
// rebuilt only when web/ or what it imports changed) on its own origin, and the Temporal worker.
// `npm run dev` (--dev) runs the console on the Vite dev server with hot reload instead.
// Each child runs in its own process group, its output prefixed with its name, and its startup
// time is printed once it answers. Ctrl-C (or SIGTERM) stops them all, PostgreSQL last; if one
// dies, the rest are stopped and we exit non-zero with its last lines.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { API_NODE_FLAGS } from '../api/node-flags.mjs';
import { ensureConsoleBuild } from './console-build.mjs';
import { ensureNodeModules, ensureTemporal, ROOT } from './setup.mjs';

/** Configuration, read once here and handed to the children through their environment. */
function loadConfig(env, argv) {
  const port = (name, fallback) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value <= 0 || value > 65535)
      fail(`${name}=${env[name]} is not a TCP port`);
    return value;
  };
  return {
    /** `npm run dev`: the console on the Vite dev server (its own port), hot reload. */
    dev: argv.includes('--dev'),
    apiPort: port('PORT', 8080),
    webPort: port('WEB_PORT', 3000),
    pgPort: port('EMBEDDED_PG_PORT', 5433),
    temporalPort: port('TEMPORAL_PORT', 7233),
    temporalUiPort: port('TEMPORAL_UI_PORT', 8233),
    databaseUrl: env.DATABASE_URL || undefined,
    temporalAddress: env.TEMPORAL_ADDRESS || undefined,
    dataDir: path.resolve(ROOT, env.DATA_DIR ?? '.atendo'),
    adminEmail: env.ADMIN_EMAIL ?? 'admin@atendo.local',
    adminPassword: env.ADMIN_PASSWORD ?? 'admin123',
  };
}

const STOP_TIMEOUT_MS = 10_000;
const TAIL_LINES = 40;
const COLORS = [36, 35, 33, 32, 34, 96];
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);

function log(message) {
  process.stdout.write(`${paint(1, 'atendo')}   │ ${message}\n`);
}

function fail(message) {
  process.stderr.write(`atendo: ${message}\n`);
  process.exit(1);
}

/** One child process: its own process group, prefixed output, the last lines kept for errors. */
class Child {
  constructor(name, command, args, options = {}) {
    this.name = name;
    this.startedAt = performance.now();
    this.tail = [];
    this.lineWaiters = [];
    this.exited = false;
    const color = COLORS[Child.count++ % COLORS.length];
    this.prefix = `${paint(color, name.padEnd(8))} │ `;
    this.process = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? process.env,
      detached: true,
      // stdin stays a pipe so a child can notice when we are gone (scripts/postgres.ts does).
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.exit = new Promise((resolve) => {
      this.process.once('exit', (code, signal) => {
        this.exited = true;
        resolve({ code, signal });
      });
      this.process.once('error', (error) => {
        this.push(`failed to start: ${error.message}`);
        this.exited = true;
        resolve({ code: 127, signal: null });
      });
    });
    for (const stream of [this.process.stdout, this.process.stderr]) {
      let partial = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) this.push(line);
      });
      stream.on('end', () => partial && this.push(partial));
    }
  }

  push(line) {
    // Children print connection URLs; their passwords stay off the terminal.
    process.stdout.write(this.prefix + line.replace(/(\/\/[^:/@\s]+:)[^@\s]+@/g, '$1***@') + '\n');
    this.tail.push(line);
    if (this.tail.length > TAIL_LINES) this.tail.shift();
    for (const waiter of [...this.lineWaiters]) {
      const match = waiter.pattern.exec(line);
      if (match) {
        this.lineWaiters.splice(this.lineWaiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  }

  /** Resolves with the first output line matching `pattern`. */
  waitForLine(pattern) {
    return new Promise((resolve) => this.lineWaiters.push({ pattern, resolve }));
  }

  signalGroup(signal) {
    try {
      process.kill(-this.process.pid, signal);
    } catch {
      // The group is already gone.
    }
  }

  /** SIGTERM to the whole group, SIGKILL after a timeout; resolves once the child has exited. */
  async stop() {
    if (this.process.pid === undefined) return;
    if (!this.exited) {
      this.signalGroup('SIGTERM');
      const timer = setTimeout(() => {
        log(`${this.name} did not stop within ${STOP_TIMEOUT_MS / 1000}s; killing it`);
        this.signalGroup('SIGKILL');
      }, STOP_TIMEOUT_MS);
      await this.exit;
      clearTimeout(timer);
    }
    // Grandchildren the child left behind in its group.
    this.signalGroup('SIGKILL');
  }
}
Child.count = 0;

/** Resolves once something accepts TCP connections on host:port. */
async function waitForTcp(port, host = '127.0.0.1') {
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = net.connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(300);
  }
}

/** Resolves once an HTTP server answers on url (any status). */
async function waitForHttp(url) {
  for (;;) {
    const answered = await new Promise((resolve) => {
      const request = http.get(url, { timeout: 2000 }, (response) => {
        response.resume();
        resolve(true);
      });
      request.once('timeout', () => request.destroy());
      request.once('error', () => resolve(false));
    });
    if (answered) return;
    await sleep(500);
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function portInUse(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} was not ready after ${ms / 1000}s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const config = loadConfig(process.env, process.argv.slice(2));
/** Startup times: [name, ms, note], in the order the children became ready. */
const startup = [];
const children = [];
let shuttingDown = false;

/** Stops every child, newest first and PostgreSQL last; then exits with `code`. */
async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  const order = [...children]
    .reverse()
    .sort((a, b) => (a.name === 'postgres') - (b.name === 'postgres'));
  for (const child of order) {
    if (!child.exited) log(`stopping ${child.name}…`);
    await child.stop();
  }
  log(code === 0 ? 'stopped' : 'stopped after an error');
  process.exit(code);
}

/** When the first Ctrl-C arrived: npm forwards the terminal's SIGINT, so one press is two. */
let firstInterrupt = 0;
process.on('SIGINT', () => {
  if (shuttingDown && performance.now() - firstInterrupt > 1000) {
    // A second Ctrl-C: stop waiting.
    for (const child of children) child.signalGroup('SIGKILL');
    process.exit(130);
  }
  if (shuttingDown) return;
  firstInterrupt = performance.now();
  log('Ctrl-C: stopping…');
  void shutdown(0);
});
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

/** Starts a child and stops everything if it dies while we are not stopping. */
function launch(name, command, args, options) {
  const child = new Child(name, command, args, options);
  children.push(child);
  void child.exit.then(({ code, signal }) => {
    if (shuttingDown) return;
    process.stderr.write(
      `\natendo: ${name} exited (${signal ?? `code ${code}`}); its last lines:\n` +
        child.tail.map((line) => `  ${line}`).join('\n') +
        '\n\n',
    );
    void shutdown(1);
  });
  return child;
}

/** Awaits readiness and prints how long the child took; a failure or timeout stops everything. */
async function ready(child, promise, ms) {
  try {
    const result = await withTimeout(promise, ms, child.name);
    const took = Math.round(performance.now() - child.startedAt);
    startup.push([child.name, took]);
    log(`${child.name} ready in ${took} ms`);
    return result;
  } catch (error) {
    if (shuttingDown) return new Promise(() => {});
    process.stderr.write(
      `\natendo: ${error.message}; its last lines:\n${child.tail.map((l) => `  ${l}`).join('\n')}\n\n`,
    );
    await shutdown(1);
  }
}

/** Builds the console if its sources changed; resolves with the directory the api serves. */
async function buildConsole(env) {
  const started = performance.now();
  const prefix = `${paint(37, 'console'.padEnd(8))} │ `;
  try {
    const build = await ensureConsoleBuild({
      dataDir: config.dataDir,
      env,
      onLine: (text) => text && process.stdout.write(prefix + text + '\n'),
    });
    const took = Math.round(performance.now() - started);
    startup.push(['console', took, build.built ? 'built' : 'build up to date']);
    log(
      build.built
        ? `console built in ${took} ms`
        : `console build up to date (${path.relative(ROOT, build.dir)}); checked in ${took} ms`,
    );
    return build.dir;
  } catch (error) {
    process.stderr.write(`atendo: ${error.message}\n`);
    await shutdown(1);
  }
}

/**
 * Bundles a workspace's program (esbuild, about a second each) so it runs as plain JavaScript,
 * as in its container, instead of through tsx, which keeps its compiler and every transformed
 * source in memory (40–50 MB more per process): the api, the worker (with its workflow code
 * bundled ahead, not by webpack at each start), and each local WhatsApp session.
 * Resolves with the bundle's entry, or undefined (the sources then run through tsx) when the
 * build fails or in dev mode, where the sources are what is being edited.
 */
async function buildBundle(workspace, dir) {
  if (config.dev) return undefined;
  const started = performance.now();
  // npm's own CLI when started through npm (npm_execpath), else whatever `npm` is on PATH.
  const args = ['run', 'build', '-w', workspace];
  const npm = process.env.npm_execpath;
  const build = spawn(npm ? process.execPath : 'npm', npm ? [npm, ...args] : args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  build.stderr.on('data', (chunk) => (errors += chunk));
  const code = await new Promise((resolve) => build.once('exit', resolve));
  const entry = path.join(ROOT, dir, 'dist', 'main.mjs');
  if (code !== 0 || !fs.existsSync(entry)) {
    log(
      `${dir} bundle not built (${errors.trim().split('\n').at(-1) ?? code}); ${dir} runs from sources`,
    );
    return undefined;
  }
  startup.push([`${dir} bundle`, Math.round(performance.now() - started)]);
  return entry;
}

/** Resolves once the api answers a page load with the console's index.html. */
async function waitForConsole(port) {
  for (;;) {
    const html = await new Promise((resolve) => {
      const request = http.get(
        `http://127.0.0.1:${port}/`,
        { timeout: 2000, headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } },
        (response) => {
          response.resume();
          resolve(/^text\/html/.test(response.headers['content-type'] ?? ''));
        },
      );
      request.once('timeout', () => request.destroy());
      request.once('error', () => resolve(false));
    });
    if (html) return;
    await sleep(300);
  }
}

const launchedAt = performance.now();

async function main() {
  ensureNodeModules();
  const temporalCli = config.temporalAddress ? undefined : ensureTemporal();

  if (!fs.existsSync(path.join(ROOT, 'api', 'src', 'main.ts')))
    fail('api/src/main.ts does not exist yet');
  const wanted = [['PORT', config.apiPort]];
  if (!config.databaseUrl) wanted.push(['EMBEDDED_PG_PORT', config.pgPort]);
  if (!config.temporalAddress)
    wanted.push(
      ['TEMPORAL_PORT', config.temporalPort],
      ['TEMPORAL_UI_PORT', config.temporalUiPort],
    );
  const webRoot = path.join(ROOT, 'web');
  const hasWeb = fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb && config.dev) wanted.push(['WEB_PORT', config.webPort]);
  for (const [name, port] of wanted) {
    if (await portInUse(port))
      fail(
        `port ${port} is already in use (is Atendo already running? or set ${name}=<free port>)`,
      );
  }
  fs.mkdirSync(config.dataDir, { recursive: true });

  const node = process.execPath;
  const tsx = ['--import', 'tsx'];

  let databaseUrl = config.databaseUrl;
  let postgresReady = Promise.resolve();
  if (!databaseUrl) {
    const postgres = launch('postgres', node, [
      ...tsx,
      'scripts/postgres.ts',
      '--dir',
      path.join(config.dataDir, 'pg'),
      '--port',
      String(config.pgPort),
      '--database',
      'atendo',
    ]);
    postgresReady = ready(postgres, postgres.waitForLine(/^ready (\S+)/), 120_000).then((match) => {
      databaseUrl = match[1];
    });
  } else {
    log('using DATABASE_URL; no local PostgreSQL');
  }

  const temporalAddress = config.temporalAddress ?? `127.0.0.1:${config.temporalPort}`;
  let temporalReady = Promise.resolve();
  if (temporalCli) {
    const temporal = launch('temporal', temporalCli, [
      'server',
      'start-dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(config.temporalPort),
      '--ui-port',
      String(config.temporalUiPort),
      '--db-filename',
      path.join(config.dataDir, 'temporal.db'),
      // Its warnings are mostly shutdown chatter; errors still show.
      '--log-level',
      'error',
    ]);
    temporalReady = ready(
      temporal,
      Promise.all([
        waitForTcp(config.temporalPort),
        waitForHttp(`http://127.0.0.1:${config.temporalUiPort}/`),
      ]),
      120_000,
    );
  } else {
    log(`using TEMPORAL_ADDRESS=${temporalAddress}; no local Temporal server`);
  }

  // The console is served by the api on its own origin, so the bundle calls the api by relative
  // URLs (VITE_API_URL empty) and the console URL is the api URL. Built while the databases start.
  const consoleUrl = config.dev
    ? `http://localhost:${config.webPort}`
    : `http://localhost:${config.apiPort}`;
  const buildEnv = { ...process.env, VITE_API_URL: process.env.VITE_API_URL ?? '' };
  const consoleBuild = hasWeb && !config.dev ? buildConsole(buildEnv) : Promise.resolve(undefined);

  const [consoleDir, sessionEntry, apiEntry, workerEntry] = await Promise.all([
    consoleBuild,
    buildBundle('@atendo/session', 'session'),
    buildBundle('@atendo/api', 'api'),
    buildBundle('@atendo/workflows', 'workflows'),
    postgresReady,
    temporalReady,
  ]);

  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    PORT: String(config.apiPort),
    FRONTEND_URL: process.env.FRONTEND_URL ?? consoleUrl,
    ...(consoleDir ? { CONSOLE_DIR: consoleDir } : {}),
    ...(sessionEntry && !process.env.SESSION_ENTRY ? { SESSION_ENTRY: sessionEntry } : {}),
    ...(config.dev
      ? {
          WEB_PORT: String(config.webPort),
          VITE_API_URL: process.env.VITE_API_URL ?? `http://localhost:${config.apiPort}`,
        }
      : {}),
  };

  const api = launch(
    'api',
    node,
    apiEntry ? [...API_NODE_FLAGS, apiEntry] : [...tsx, 'api/src/main.ts'],
    {
      env,
    },
  );
  let webReady = Promise.resolve();
  if (hasWeb && config.dev) {
    const localVite = path.join(webRoot, 'node_modules', '.bin', 'vite');
    const vite = fs.existsSync(localVite)
      ? localVite
      : path.join(ROOT, 'node_modules', '.bin', 'vite');
    const web = launch(
      'web',
      vite,
      ['--host', '127.0.0.1', '--port', String(config.webPort), '--strictPort'],
      {
        cwd: webRoot,
        env,
      },
    );
    webReady = ready(web, waitForHttp(`http://127.0.0.1:${config.webPort}/`), 120_000);
  } else if (!hasWeb) {
    log('web/index.html does not exist yet; no console');
  }
  // The worker's first billing sweep needs the api's migrations, so it starts after the api.
  // Ready means answering: the api on /version and, when it serves one, the console on /.
  const apiAnswers = async () => {
    await waitForHttp(`http://127.0.0.1:${config.apiPort}/version`);
    if (consoleDir) await waitForConsole(config.apiPort);
  };
  await ready(api, apiAnswers(), 180_000);
  const worker = launch(
    'worker',
    node,
    workerEntry ? [workerEntry] : [...tsx, 'workflows/src/worker.ts'],
    { env },
  );
  await Promise.all([webReady, ready(worker, worker.waitForLine(/worker running/), 180_000)]);

  const line = (label, value) => `  ${label.padEnd(16)}${value}`;
  const summary = [
    '',
    paint(1, `Atendo is running${config.dev ? ' (dev: Vite with hot reload)' : ''}`),
    ...(hasWeb ? [line('Console', consoleUrl)] : []),
    line('API', `http://localhost:${config.apiPort}`),
    ...(temporalCli
      ? [line('Temporal UI', `http://localhost:${config.temporalUiPort}`)]
      : [line('Temporal', temporalAddress)]),
    line('PostgreSQL', databaseUrl.replace(/:[^:@/]*@/, ':***@')),
    '',
    paint(1, 'Sign in as'),
    line('super admin', `${config.adminEmail} / ${config.adminPassword}`),
    line('demo admin', 'admin@demo.atendo.local / demo123'),
    line('demo agent', 'agent@demo.atendo.local / demo123'),
    '',
    paint(1, 'Started in'),
    ...startup.map(([name, ms, note]) =>
      line(name, `${(ms / 1000).toFixed(1)} s${note ? ` (${note})` : ''}`),
    ),
    line('all', `${((performance.now() - launchedAt) / 1000).toFixed(1)} s`),
    '',
    'Press Ctrl-C to stop.',
    '',
  ];
  process.stdout.write(summary.join('\n') + '\n');
}

main().catch(async (error) => {
  process.stderr.write(`atendo: ${error instanceof Error ? error.message : String(error)}\n`);
  await shutdown(1);
});
