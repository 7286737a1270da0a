import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createApiClient, type ApiClient } from '@atendo/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@atendo/core/config.js';
import { createLogger } from '@atendo/core/logger.js';
import { startApi, type RunningApi } from '../src/server.js';
import { DEMO_ADMIN, DEMO_AGENT, SUPER, apiError } from './support/api.js';
import { createTestDatabase } from './support/database.js';
import { sql } from './support/sql.js';

/**
 * Proxies (docs/product/connections.md#validation Proxy, docs/product/connections.md#routes): admins of a company keep its outbound proxies; the password is
 * sealed at rest, answered only as `hasPassword`, and opened for the session config alone.
 * The api runs here with a logger at trace level into memory, so the test can show that no
 * log line carries the password either.
 */

const INTERNAL = 'internal-service-token-for-proxy-tests';
const SECRET = 'S3nh@-do-Pr0xy!';
const NEW_SECRET = 'Outra-senha#2';

type Client = ApiClient & { token?: string; user: { id: number; companyId: number } };

const logs: string[] = [];
let api: RunningApi;
let url = '';
let databaseUrl = '';
let drop: () => Promise<void>;
let dir = '';
let admin: Client;
let agent: Client;
let bAdmin: Client;
/** Every response body the test read, to look for the password in. */
const bodies: string[] = [];

function client(token?: string): ApiClient & { token?: string } {
  const c: ApiClient & { token?: string } = Object.assign(
    createApiClient({
      baseUrl: url,
      getToken: () => c.token,
      setToken: (t) => (c.token = t),
      onResponse: async (res) => {
        bodies.push(await res.clone().text());
      },
    }),
    { token },
  );
  return c;
}

async function login(email: string, password: string): Promise<Client> {
  const c = client();
  const res = await c.call('login', { body: { email, password } });
  c.token = res.token;
  return Object.assign(c, { user: { id: res.user.id, companyId: res.user.companyId } });
}

/** A raw call with a token, its body kept for the secret check. */
async function raw(token: string | undefined, method: string, p: string, body?: unknown) {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  bodies.push(text);
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

const storedPassword = async (id: number) =>
  (
    await sql<{ password: string | null }>(
      databaseUrl,
      'SELECT password FROM proxies WHERE id = $1',
      [id],
    )
  )[0]?.password;

const A = { connectionId: 0, sessionToken: '' };

beforeAll(async () => {
  const db = await createTestDatabase();
  databaseUrl = db.url;
  drop = db.drop;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-proxies-test-'));
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  api = await startApi({
    config: loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      UPLOAD_DIR: path.join(dir, 'public'),
      DATA_DIR: dir,
      LOG_LEVEL: 'trace',
      SESSION_RUNTIME: 'none',
      FRONTEND_URL: 'http://localhost:3000',
      INTERNAL_TOKEN: INTERNAL,
    }),
    databaseUrl,
    jwtSecret: 'test-secret-that-is-long-enough',
    logger: createLogger('trace', sink),
    seedDemo: 'accounts',
  });
  url = api.url;
  admin = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  agent = await login(DEMO_AGENT.email, DEMO_AGENT.password);
  const su = await login(SUPER.email, SUPER.password);
  await su.call('companiesCreate', {
    body: { name: 'Empresa Proxy B', email: 'admin@proxy-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await login('admin@proxy-b.io', 'segredo1');
  const service = client(INTERNAL);
  A.connectionId = (
    await service.call('internalConnectionRegister', {
      body: {
        companyId: admin.user.companyId,
        resourceName: 'proxy-a',
        displayName: 'Sessão proxy',
        channel: 'whatsapp',
      },
    })
  ).id;
  A.sessionToken = (
    await service.call('internalSessionCredentials', { params: { id: A.connectionId } })
  ).token;
});

afterAll(async () => {
  await api?.close();
  await drop?.();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

let proxyId = 0;

describe('proxies CRUD (admin of the company)', () => {
  it('creates a proxy: port text to integer, password sealed and answered as hasPassword', async () => {
    const created = await raw(admin.token, 'POST', '/proxy', {
      host: 'proxy.example.com',
      port: '3128',
      protocol: 'socks5',
      username: 'joão',
      password: SECRET,
      enabled: true,
    });
    expect(created.status).toBe(201);
    const view = created.json();
    expect(view).toMatchObject({
      host: 'proxy.example.com',
      port: 3128,
      protocol: 'socks5',
      username: 'joão',
      hasPassword: true,
      enabled: true,
      companyId: admin.user.companyId,
    });
    expect(view).not.toHaveProperty('password');
    proxyId = Number(view.id);
    const stored = await storedPassword(proxyId);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(SECRET);
    const list = await admin.call('proxiesIndex');
    expect(list).toEqual([expect.objectContaining({ id: proxyId, hasPassword: true })]);
  });

  it('a PUT without password keeps the stored one; a new one replaces it; clearPassword removes it', async () => {
    const before = await storedPassword(proxyId);
    const kept = await admin.call('proxiesUpdate', {
      params: { id: proxyId },
      body: { host: 'proxy2.example.com', port: 8080, password: '' },
    });
    expect(kept).toMatchObject({ host: 'proxy2.example.com', port: 8080, hasPassword: true });
    expect(await storedPassword(proxyId)).toBe(before);
    await admin.call('proxiesUpdate', { params: { id: proxyId }, body: { password: NEW_SECRET } });
    const replaced = await storedPassword(proxyId);
    expect(replaced).not.toBe(before);
    expect(replaced).not.toContain(NEW_SECRET);
    const extra = await admin.call('proxiesCreate', {
      body: { host: '10.0.0.9', port: 1080, protocol: 'socks4', password: 'tmp-secret' },
    });
    const cleared = await admin.call('proxiesUpdate', {
      params: { id: extra.id },
      body: { clearPassword: true, enabled: false },
    });
    expect(cleared).toMatchObject({ hasPassword: false, enabled: false, username: null });
    expect(await storedPassword(extra.id)).toBeNull();
    expect(await admin.call('proxiesDelete', { params: { id: extra.id } })).toEqual({
      message: 'Proxy deleted',
    });
    expect((await admin.call('proxiesIndex')).map((p) => p.id)).toEqual([proxyId]);
  });

  it('the session config opens the sealed password into a working proxy URL', async () => {
    await sql(databaseUrl, 'UPDATE whatsapps SET "useProxy" = true WHERE id = $1', [
      A.connectionId,
    ]);
    const config = await raw(A.sessionToken, 'GET', '/internal/sessions/me/config');
    expect(config.status).toBe(200);
    // The one answer that carries it: the session needs it to connect.
    bodies.pop();
    expect(config.json().proxyUrl).toBe(
      `socks5://jo%C3%A3o:${encodeURIComponent(NEW_SECRET)}@proxy2.example.com:8080`,
    );
    // A sealed value copied into another row does not open there: no password rather than a wrong one.
    const other = await admin.call('proxiesCreate', {
      body: { host: 'copy.example.com', port: 9000, username: 'u', enabled: true },
    });
    await sql(
      databaseUrl,
      'UPDATE proxies SET password = (SELECT password FROM proxies WHERE id = $1), enabled = true WHERE id = $2',
      [proxyId, other.id],
    );
    await admin.call('proxiesUpdate', { params: { id: proxyId }, body: { enabled: false } });
    const copied = await raw(A.sessionToken, 'GET', '/internal/sessions/me/config');
    expect(copied.json().proxyUrl).toBe('http://u@copy.example.com:9000');
    await admin.call('proxiesDelete', { params: { id: other.id } });
    await admin.call('proxiesUpdate', { params: { id: proxyId }, body: { enabled: true } });
  });
});

describe('rules and malformed input', () => {
  it.each([
    [{ port: 3128 }, 'host'],
    [{ host: 'p.example.com' }, 'port'],
    [{ host: 'p.example.com', port: 0 }, 'port'],
    [{ host: 'p.example.com', port: 65536 }, 'port'],
    [{ host: 'p.example.com', port: '12.5' }, 'port'],
    [{ host: 'p.example.com', port: 'abc' }, 'port'],
    [{ host: 'p.example.com', port: 80, protocol: 'ftp' }, 'protocol'],
    [{ host: 'http://user:pw@p.example.com/x', port: 80 }, 'host'],
    [{ host: 'p.example.com', port: 80, enabled: 'yes' }, 'enabled'],
    [{ host: 'p.example.com', port: 80, username: 'a\u0000b' }, 'username'],
  ])('POST /proxy refuses %j (field %s)', async (body, field) => {
    const e = await apiError(() => admin.call('proxiesCreate', { body: body as never }));
    expect(e).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
    expect((e.body as { fields: { field: string }[] }).fields.map((f) => f.field)).toContain(field);
  });

  it('refuses malformed bodies, ids and unknown proxies without changing anything', async () => {
    const before = await sql(databaseUrl, 'SELECT * FROM proxies ORDER BY id');
    expect((await raw(admin.token, 'POST', '/proxy', '{"host":')).status).toBe(400);
    expect((await raw(admin.token, 'PUT', `/proxy/${proxyId}`, { port: -1 })).status).toBe(400);
    expect((await raw(admin.token, 'PUT', `/proxy/${proxyId}`, '[]')).status).toBe(400);
    expect((await raw(admin.token, 'PUT', '/proxy/abc', { port: 80 })).status).toBe(400);
    expect((await raw(admin.token, 'DELETE', '/proxy/0')).status).toBe(400);
    const missing = await apiError(() => admin.call('proxiesDelete', { params: { id: 999999 } }));
    expect(missing).toMatchObject({ status: 404, code: 'ERR_NOT_FOUND' });
    expect(await sql(databaseUrl, 'SELECT * FROM proxies ORDER BY id')).toEqual(before);
  });

  it('is refused to a profile user and to visitors', async () => {
    for (const [method, p, body] of [
      ['GET', '/proxy', undefined],
      ['POST', '/proxy', { host: 'x.example.com', port: 80 }],
      ['PUT', `/proxy/${proxyId}`, { port: 81 }],
      ['DELETE', `/proxy/${proxyId}`, undefined],
    ] as const) {
      const byAgent = await raw(agent.token, method, p, body);
      expect(byAgent.status, `${method} ${p}`).toBe(403);
      expect(byAgent.json().error).toBe('ERR_NO_PERMISSION');
      expect((await raw(undefined, method, p, body)).status).toBe(401);
    }
    expect(
      (await sql(databaseUrl, 'SELECT port FROM proxies WHERE id = $1', [proxyId]))[0],
    ).toEqual({ port: 8080 });
  });
});

describe('company B', () => {
  it("cannot see, change or delete company A's proxies", async () => {
    const before = await sql(databaseUrl, 'SELECT * FROM proxies WHERE id = $1', [proxyId]);
    expect(await bAdmin.call('proxiesIndex')).toEqual([]);
    const put = await apiError(() =>
      bAdmin.call('proxiesUpdate', { params: { id: proxyId }, body: { host: 'evil.example.com' } }),
    );
    expect(put).toMatchObject({ status: 404, code: 'ERR_NOT_FOUND' });
    const del = await apiError(() => bAdmin.call('proxiesDelete', { params: { id: proxyId } }));
    expect(del).toMatchObject({ status: 404, code: 'ERR_NOT_FOUND' });
    expect(await sql(databaseUrl, 'SELECT * FROM proxies WHERE id = $1', [proxyId])).toEqual(
      before,
    );
    // B's own proxy stays B's.
    const own = await bAdmin.call('proxiesCreate', { body: { host: 'b.example.com', port: 3128 } });
    expect(own.companyId).toBe(bAdmin.user.companyId);
    expect((await admin.call('proxiesIndex')).map((p) => p.id)).not.toContain(own.id);
  });
});

describe('the secret', () => {
  it('appears in no response body and no log line', () => {
    expect(logs.length).toBeGreaterThan(10);
    for (const secret of [SECRET, NEW_SECRET, 'tmp-secret', encodeURIComponent(NEW_SECRET)]) {
      expect(bodies.filter((b) => b.includes(secret))).toEqual([]);
      expect(logs.filter((l) => l.includes(secret))).toEqual([]);
    }
  });
});
