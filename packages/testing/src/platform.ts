import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.js';
import { startTestPostgres } from './postgres.js';

/** The api workspace, found as a package; its main.ts is what `npm start` runs. */
const API_DIR = path.dirname(createRequire(import.meta.url).resolve('@atendo/api/package.json'));
/** The monorepo root: the api runs from there, as under `npm start`. */
const ROOT = path.dirname(API_DIR);

export interface Platform {
  /** Where the api answers, e.g. http://127.0.0.1:41234 */
  apiUrl: string;
  databaseUrl: string;
  /** Starts one more api process over the same database (multi-process tests). */
  startAnotherApi(): Promise<{ apiUrl: string; stop(): Promise<void> }>;
  stop(): Promise<void>;
}

export interface PlatformOptions {
  /** Browser origins the api must accept (CORS with credentials), e.g. the console's. */
  corsOrigins?: string[];
  /** Extra environment for the api processes. */
  env?: Record<string, string>;
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

  async function spawnApi(migrate: boolean) {
    const port = await freePort();
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_DIR, 'src/main.ts')], {
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
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
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
    return { apiUrl, stop };
  }

  const first = await spawnApi(true);
  return {
    apiUrl: first.apiUrl,
    databaseUrl,
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
