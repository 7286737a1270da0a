import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@atendo/testing/ports';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The real api program (api/src/main.ts through tsx) as its own process, as production runs it. */
export interface ApiProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** True while the process has not exited. */
  alive(): boolean;
  /** What the process wrote to stdout and stderr so far (its log lines, any crash). */
  output(): string;
  /** Ends the process with SIGTERM (or `signal`) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `api/src/main.ts` over `databaseUrl` on a free port with `env` on top of a test
 * configuration, and resolves once GET /health answers.
 */
export async function startApiProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-api-process-'));
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'test-secret-that-is-long-enough',
      DATA_DIR: dir,
      UPLOAD_DIR: path.join(dir, 'public'),
      LOG_LEVEL: 'warn',
      SESSION_RUNTIME: 'none',
      SEED_DEMO: 'accounts',
      FRONTEND_URL: 'http://localhost:3000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 120_000;
  for (;;) {
    if (!alive()) throw new Error(`the api process exited while starting:\n${out}`);
    const up = await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`the api process did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    child,
    alive,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (alive()) child.kill(signal);
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
