import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { LocalProcessRuntime } from './local-process-runtime.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-local-runtime-'));
const entry = path.join(dir, 'session.mjs');
// A stand-in session program: writes what it was given, then stays up until told to stop.
fs.writeFileSync(
  entry,
  `import fs from 'node:fs';
fs.appendFileSync(${JSON.stringify(path.join(dir, 'starts.log'))}, JSON.stringify({
  pid: process.pid,
  api: process.env.ATENDO_API_URL,
  connection: process.env.ATENDO_CONNECTION_ID,
  token: process.env.ATENDO_SESSION_TOKEN,
  env: Object.keys(process.env).sort(),
}) + '\\n');
process.on('SIGTERM', () => process.exit(0));
setInterval(() => {}, 1000);
`,
  { mode: 0o755 },
);
fs.chmodSync(entry, 0o755);
// The api's own secrets, as a real api process holds them.
process.env.JWT_SECRET = 'api-jwt-secret';
process.env.INTERNAL_TOKEN = 'api-internal-token';
process.env.DATABASE_URL = 'postgres://api:secret@127.0.0.1:5432/atendo';
const starts = () =>
  fs.existsSync(path.join(dir, 'starts.log'))
    ? fs
        .readFileSync(path.join(dir, 'starts.log'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, string> & { env: string[] })
    : [];

async function until(check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let issued = 0;
const runtime = new LocalProcessRuntime({
  entry,
  apiUrl: 'http://127.0.0.1:9',
  issueToken: async (id) => `token-${id}-${++issued}`,
  logger: pino({ level: 'silent' }),
});
afterAll(async () => {
  await runtime.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const target = {
  id: 7,
  companyId: 3,
  name: 'Vendas',
  channel: 'whatsapp',
  resourceName: null,
  companyResourceName: null,
};

describe('LocalProcessRuntime', () => {
  it('starts one session process per connection with its api URL, id and a fresh token', async () => {
    expect(await runtime.start(target)).toEqual({ started: true, resourceName: null });
    await until(() => starts().length === 1);
    expect(starts()[0]).toMatchObject({
      api: 'http://127.0.0.1:9',
      connection: '7',
      token: 'token-7-1',
    });
    // Only the allowlist and its own variables: none of the api's secrets.
    const env = starts()[0]!.env;
    expect(env).toContain('PATH');
    expect(env).not.toEqual(expect.arrayContaining(['JWT_SECRET']));
    expect(env).not.toEqual(expect.arrayContaining(['INTERNAL_TOKEN']));
    expect(env).not.toEqual(expect.arrayContaining(['DATABASE_URL']));
    expect(
      env.filter((k) => !['PATH', 'NODE_OPTIONS'].includes(k) && !k.startsWith('ATENDO_')),
    ).toEqual([]);
    await runtime.start(target); // already running: no second process
    await new Promise((r) => setTimeout(r, 300));
    expect(starts()).toHaveLength(1);
  });

  it('restarts a session that dies, with a new token', async () => {
    const pid = Number(starts()[0]!.pid);
    process.kill(pid, 'SIGKILL');
    await until(() => starts().length === 2, 10_000);
    expect(starts()[1]!.token).toBe('token-7-2');
    expect(runtime.pidOf(7)).toBe(Number(starts()[1]!.pid));
  });

  it('stops it on request and does not bring it back', async () => {
    const pid = runtime.pidOf(7)!;
    await runtime.stop(target);
    expect(alive(pid)).toBe(false);
    await new Promise((r) => setTimeout(r, 1500));
    expect(starts()).toHaveLength(2);
    expect(runtime.pidOf(7)).toBeUndefined();
  });

  it('reports nothing started when the session program is missing', async () => {
    const missing = new LocalProcessRuntime({
      entry: path.join(dir, 'nope.ts'),
      apiUrl: 'http://127.0.0.1:9',
      issueToken: async () => 'x',
      logger: pino({ level: 'silent' }),
    });
    expect(await missing.start(target)).toEqual({ started: false, resourceName: null });
  });
});
