import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '@atendo/core/logger.js';
import { LocalProcessRuntime } from '@atendo/core/sessions/local-process-runtime.js';
import type { SessionTarget } from '@atendo/core/sessions/session-runtime.js';
import { startTestApi, type TestApi } from './support/api.js';

/**
 * The REAL session program (session/src/main.ts, through tsx) under the api's local runtime:
 * sessions are separate processes, a killed one comes back without touching the other, and
 * none inherits the api's secrets. The api URL is a closed local port: the sessions keep
 * running and retrying, never reaching WhatsApp.
 */
const entry = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../session/src/main.ts',
);

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** The TCP ports a process listens on (its socket inodes matched in /proc/net/tcp). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  try {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      const link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' });
      const m = /^socket:\[(\d+)\]$/.exec(link);
      if (m) inodes.add(m[1]!);
    }
  } catch {
    return [];
  }
  const ports: number[] = [];
  for (const table of ['tcp', 'tcp6']) {
    const text = fs.existsSync(`/proc/${pid}/net/${table}`)
      ? fs.readFileSync(`/proc/${pid}/net/${table}`, 'utf8')
      : '';
    for (const line of text.trim().split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols: sl, local_address, rem_address, st, …, inode (index 9); 0A = LISTEN.
      if (cols[3] === '0A' && inodes.has(cols[9]!))
        ports.push(parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/** A process that ended but was not reaped (its parent died first) counts as gone. */
function isZombie(pid: number): boolean {
  try {
    return /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}

async function until<T>(
  what: string,
  fn: () => Promise<T | undefined> | T | undefined,
  ms = 25_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The /health answer of the session process `pid`, once its control server is up. */
async function health(pid: number): Promise<{ status: string; connection: string } | undefined> {
  for (const port of listeningPorts(pid)) {
    const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
    if (res?.ok) return (await res.json()) as { status: string; connection: string };
  }
  return undefined;
}

const target = (id: number): SessionTarget => ({
  id,
  companyId: 1,
  name: `session ${id}`,
  channel: 'whatsapp',
  resourceName: null,
  companyResourceName: null,
});

// The api's own secrets, as a real api process holds them.
const saved = {
  JWT_SECRET: process.env.JWT_SECRET,
  INTERNAL_TOKEN: process.env.INTERNAL_TOKEN,
  DATABASE_URL: process.env.DATABASE_URL,
};
process.env.JWT_SECRET = 'api-jwt-secret-never-in-a-session';
process.env.INTERNAL_TOKEN = 'api-internal-token-never-in-a-session';
process.env.DATABASE_URL = 'postgres://api:secret@127.0.0.1:5432/atendo';

let runtime: LocalProcessRuntime | undefined;
let api: TestApi | undefined;
let db: pg.Client | undefined;
let child: ChildProcess | undefined;
afterAll(async () => {
  await runtime?.close();
  child?.kill('SIGKILL');
  await db?.end();
  await api?.close();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('session processes under the local runtime', () => {
  it('run apart: a SIGKILLed session comes back, the other keeps running, none holds the api secrets', async () => {
    const spoolRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-spools-'));
    runtime = new LocalProcessRuntime({
      entry,
      apiUrl: `http://127.0.0.1:${await closedPort()}`,
      issueToken: async (id) => `session-token-${id}`,
      logger: createLogger('silent'),
      spoolRoot,
    });
    const rt = runtime;
    await rt.start(target(1));
    await rt.start(target(2));
    const pid1 = rt.pidOf(1)!;
    const pid2 = rt.pidOf(2)!;
    expect(pid1).toBeGreaterThan(0);
    expect(pid2).not.toBe(pid1);
    expect(await until('session 1 health', () => health(pid1))).toEqual({
      status: 'ok',
      connection: 'OPENING',
    });
    await until('session 2 health', () => health(pid2));

    for (const [pid, id] of [
      [pid1, 1],
      [pid2, 2],
    ] as const) {
      const env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
      const names = env.map((e) => e.split('=')[0]);
      for (const secret of ['JWT_SECRET', 'INTERNAL_TOKEN', 'DATABASE_URL'])
        expect(names).not.toContain(secret);
      expect(env).toContain(`ATENDO_CONNECTION_ID=${id}`);
      expect(env).toContain(`ATENDO_SESSION_TOKEN=session-token-${id}`);
      // Its inbound spool: its own folder under the data directory's.
      expect(env).toContain(`ATENDO_SPOOL_DIR=${path.join(spoolRoot, `1-${id}`)}`);
      expect(fs.statSync(path.join(spoolRoot, `1-${id}`)).isDirectory()).toBe(true);
      expect(env.join('\n')).not.toContain('api-jwt-secret');
    }

    process.kill(pid1, 'SIGKILL');
    const back = await until('session 1 restarted', () => {
      const pid = rt.pidOf(1);
      return pid && pid !== pid1 ? pid : undefined;
    });
    await until('restarted session 1 health', () => health(back));
    // The other session never noticed.
    expect(rt.pidOf(2)).toBe(pid2);
    expect(await health(pid2)).toMatchObject({ status: 'ok' });

    // SIGTERM: a graceful, prompt exit (the runtime would SIGKILL after 10 s).
    const started = Date.now();
    await rt.close();
    expect(Date.now() - started).toBeLessThan(8000);
    expect(fs.existsSync(`/proc/${pid2}`)).toBe(false);
  }, 60_000);

  it('a session whose local api dies exits instead of lingering as an orphan', async () => {
    // An api process (the real LocalProcessRuntime in a Node of its own) that is then killed.
    const here = path.dirname(fileURLToPath(import.meta.url));
    const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-orphan-')), 'api.mts');
    fs.writeFileSync(
      script,
      `import { LocalProcessRuntime } from ${JSON.stringify(path.resolve(here, '../../packages/core/src/sessions/local-process-runtime.ts'))};
import { createLogger } from ${JSON.stringify(path.resolve(here, '../../packages/core/src/logger.ts'))};
const rt = new LocalProcessRuntime({ entry: ${JSON.stringify(entry)}, apiUrl: 'http://127.0.0.1:${await closedPort()}',
  issueToken: async (id) => 'session-token-' + id, logger: createLogger('silent'),
  spoolRoot: ${JSON.stringify(path.join(path.dirname(script), 'spool'))} });
await rt.start({ id: 7, companyId: 1, name: 'orphan', channel: 'whatsapp', resourceName: null, companyResourceName: null });
console.log('SESSION', rt.pidOf(7));
setInterval(() => {}, 1000);
`,
    );
    const parent = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: path.resolve(here, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    parent.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    const pid = await until('the session pid', () => {
      const m = /SESSION (\d+)/.exec(out);
      return m ? Number(m[1]) : undefined;
    });
    await until('the session health', () => health(pid));
    parent.kill('SIGKILL');
    try {
      await until(
        'the orphan session to exit',
        () => (fs.existsSync(`/proc/${pid}`) && !isZombie(pid) ? undefined : true),
        15_000,
      );
    } finally {
      // Failed or not, no session outlives the test.
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  }, 60_000);

  it('speaks the session protocol with the real api: config, fresh creds stored, status with its control endpoint', async () => {
    const INTERNAL = 'internal-service-token-for-session-tests';
    api = await startTestApi({ INTERNAL_TOKEN: INTERNAL });
    db = new pg.Client({ connectionString: api.databaseUrl });
    await db.connect();
    const service = api.client(INTERNAL);
    const companyId = (await api.login('admin@demo.atendo.local', 'demo123')).user.companyId;
    const { id } = await service.call('internalConnectionRegister', {
      body: {
        companyId,
        resourceName: 'session-process',
        displayName: 'Sessão real',
        channel: 'whatsapp',
      },
    });
    const { token } = await service.call('internalSessionCredentials', { params: { id } });
    const port = await closedPort();
    child = spawn(process.execPath, ['--import', 'tsx', entry], {
      env: {
        PATH: process.env.PATH,
        ATENDO_API_URL: api.url,
        ATENDO_CONNECTION_ID: String(id),
        ATENDO_COMPANY_ID: String(companyId),
        ATENDO_SESSION_TOKEN: token,
        ATENDO_PORT: String(port),
        // WhatsApp is out of reach: Baileys fails and backs off, the session stays OPENING.
        ATENDO_WA_URL: `ws://127.0.0.1:${await closedPort()}`,
        ATENDO_LOG_LEVEL: 'warn',
        ATENDO_SPOOL_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-spool-')),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const row = await until('the status report', async () => {
      const { rows } = await db!.query<{
        status: string;
        sessionEndpoint: string | null;
        sessionControlKey: string | null;
      }>('SELECT status, "sessionEndpoint", "sessionControlKey" FROM whatsapps WHERE id = $1', [
        id,
      ]);
      return rows[0]?.sessionEndpoint ? rows[0] : undefined;
    });
    expect(row).toMatchObject({ status: 'OPENING', sessionEndpoint: `http://127.0.0.1:${port}` });
    // The control key is kept sealed, never as the session sent it.
    expect(row.sessionControlKey).toBeTruthy();
    expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toEqual({
      status: 'ok',
      connection: 'OPENING',
    });
    // Fresh creds went to the api (its own rows, encrypted), so a restart keeps the identity.
    const stored = await until('the fresh creds', async () => {
      const { rows } = await db!.query<{ value: unknown }>(
        'SELECT value FROM baileys_auth WHERE "whatsappId" = $1 AND key = $2',
        [id, 'creds'],
      );
      return rows[0];
    });
    expect(JSON.stringify(stored.value)).not.toContain('noiseKey');
    // The control server takes calls only with the key the session reported.
    const withoutKey = await fetch(`http://127.0.0.1:${port}/check-number`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-key' },
      body: '{}',
    });
    expect(withoutKey.status).toBe(401);
  }, 60_000);
});
