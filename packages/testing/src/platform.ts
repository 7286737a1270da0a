import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { API_NODE_FLAGS } from '@atendo/api/node-flags';
import { freePort } from './ports.js';
import { startTestPostgres } from './postgres.js';

/** The api workspace, found as a package; its main.ts is what `npm start` runs. */
const API_DIR = path.dirname(createRequire(import.meta.url).resolve('@atendo/api/package.json'));
/** The monorepo root: the api runs from there, as under `npm start`. */
const ROOT = path.dirname(API_DIR);

let bundling: Promise<string> | undefined;
/** Builds the api bundle once per process; resolves with its entry. */
function apiBundle(): Promise<string> {
  bundling ??= new Promise((resolve, reject) => {
    const build = spawn(process.execPath, [path.join(API_DIR, 'build.mjs')], {
      cwd: API_DIR,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0
        ? resolve(path.join(API_DIR, 'dist', 'main.mjs'))
        : reject(new Error(`api bundle: build.mjs exited with ${code}`)),
    );
  });
  return bundling;
}

export interface Platform {
  /** Where the api answers, e.g. http://127.0.0.1:41234 */
  apiUrl: string;
  /** The first api process's pid (benches read its CPU time from /proc). */
  apiPid: number;
  databaseUrl: string;
  /** The Temporal dev server's address (host:port) when started with `worker: true`. */
  temporalAddress?: string;
  /** Starts one more api process over the same database (multi-process tests). */
  startAnotherApi(): Promise<{ apiUrl: string; stop(): Promise<void> }>;
  stop(): Promise<void>;
}

export interface PlatformOptions {
  /** Browser origins the api must accept (CORS with credentials), e.g. the console's. */
  corsOrigins?: string[];
  /** Extra environment for the api processes. */
  env?: Record<string, string>;
  /** Extra node flags for the api processes (benches: `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /**
   * Run the api from its bundle (`api/build.mjs` into `api/dist`, as `npm start` and the
   * container do) instead of its sources through tsx: benches measure what production runs.
   */
  bundle?: boolean;
  /**
   * Also a Temporal dev server and the real worker (`workflows/src/worker.ts`) over the same
   * database, with the api's process gateway pointed at it: campaigns, schedules and timers run.
   */
  worker?: boolean;
}

/** The temporal CLI the project's setup installs ($TEMPORAL_CLI_PATH when `npm test` set it). */
function temporalCli(): string {
  const candidates = [
    process.env.TEMPORAL_CLI_PATH,
    path.join(os.homedir(), '.cache', 'atendo', 'bin', 'temporal'),
  ];
  const found = candidates.find((file): file is string => !!file && fs.existsSync(file));
  if (!found) throw new Error('temporal CLI not found: run `node scripts/setup.mjs temporal`');
  return found;
}

async function waitForTcp(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`nothing listens on ${port}:\n${log()}`);
}

/** Resolves once the child prints a line matching `pattern`. */
async function waitForLine(
  child: ChildProcess,
  pattern: RegExp,
  log: () => string,
  timeoutMs = 180_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (pattern.test(log())) return;
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${log()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no line matching ${pattern} in time:\n${log()}`);
}

/** Spawns a child whose output is kept (its last 20 kB) for error messages. */
function spawnLogged(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  children: ChildProcess[],
): { child: ChildProcess; log: () => string } {
  let output = '';
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)));
  children.push(child);
  return { child, log: () => output };
}

async function waitFor(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`api did not answer ${url} in time:\n${log()}`);
}

/**
 * The real platform for tests: a fresh embedded PostgreSQL and the real api process
 * (`tsx api/src/main.ts`), which migrates and seeds on start (super admin admin@atendo.local /
 * admin123; demo admin admin@demo.atendo.local / demo123; demo agent agent@demo.atendo.local /
 * demo123).
 */
export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-platform-'));
  fs.chmodSync(dir, 0o755);
  const db = await startTestPostgres({ database: 'atendo' });
  const databaseUrl = db.url('atendo');
  const jwtSecret = `test-secret-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  const children: ChildProcess[] = [];
  let temporalAddress: string | undefined;
  if (options.worker) {
    const temporalPort = await freePort();
    const temporal = spawnLogged(
      temporalCli(),
      ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(temporalPort), '--headless'],
      process.env,
      children,
    );
    await waitForTcp(temporalPort, temporal.child, temporal.log);
    temporalAddress = `127.0.0.1:${temporalPort}`;
  }

  async function spawnApi(migrate: boolean) {
    const port = await freePort();
    let output = '';
    const args = [
      ...(options.nodeArgs ?? []),
      ...(options.bundle
        ? [...API_NODE_FLAGS, await apiBundle()]
        : ['--import', 'tsx', path.join(API_DIR, 'src/main.ts')]),
    ];
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        JWT_SECRET: jwtSecret,
        DATA_DIR: dir,
        UPLOAD_DIR: path.join(dir, 'public'),
        CORS_ORIGINS: (options.corsOrigins ?? []).join(','),
        MIGRATE_ON_START: migrate ? 'true' : 'false',
        SEED_DEMO: 'accounts',
        LOG_LEVEL: 'warn',
        ...(temporalAddress ? { TEMPORAL_ADDRESS: temporalAddress } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output = (output + d).slice(-20_000)));
    child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)));
    children.push(child);
    const apiUrl = `http://127.0.0.1:${port}`;
    await waitFor(`${apiUrl}/health`, child, () => output);
    const stop = async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    };
    return { apiUrl, pid: child.pid!, stop };
  }

  const first = await spawnApi(true);
  if (temporalAddress) {
    // After the api: the worker needs its migrations. Ready once it polls its task queue.
    const worker = spawnLogged(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'workflows/src/worker.ts')],
      {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        TEMPORAL_ADDRESS: temporalAddress,
        JWT_SECRET: jwtSecret,
        DATA_DIR: dir,
        UPLOAD_DIR: path.join(dir, 'public'),
        LOG_LEVEL: 'info',
        ...options.env,
      },
      children,
    );
    await waitForLine(worker.child, /worker running/, worker.log);
  }
  return {
    apiUrl: first.apiUrl,
    apiPid: first.pid,
    databaseUrl,
    temporalAddress,
    startAnotherApi: () => spawnApi(false),
    async stop() {
      await Promise.all(
        children.map(async (c) => {
          if (c.exitCode !== null) return;
          const exited = new Promise((r) => c.once('exit', r));
          c.kill('SIGTERM');
          const t = setTimeout(() => c.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(t);
        }),
      );
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
