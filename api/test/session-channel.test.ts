import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { PNG_1X1, postFile } from './support/upload.js';
import { channelMessageId } from '@atendo/core/modules/session-channel/session-channel-adapter.js';

/**
 * The session channel from the api's side: what a session program (Baileys) calls with its
 * own token, and the adapter that sends through a session's control server. The real session
 * cannot reach WhatsApp here, so a stand-in control server speaks the protocol.
 */

const INTERNAL = 'internal-service-token-for-tests';
type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let db: pg.Client;
let admin: Logged;
let agent: Logged;
let bAdmin: Logged;
const A = { companyId: 0, connectionId: 0, token: '' };
const B = { companyId: 0, connectionId: 0, token: '' };

/**
 * Baileys' BufferJSON wire form (what `BufferJSON.replacer` writes and `reviver` reads): a
 * Buffer travels as `{ type: 'Buffer', data: <base64> }`.
 */
const BufferJSON = {
  replacer: (_k: string, v: unknown) =>
    v &&
    typeof v === 'object' &&
    (v as { type?: string }).type === 'Buffer' &&
    Array.isArray((v as { data?: unknown }).data)
      ? { type: 'Buffer', data: Buffer.from((v as { data: number[] }).data).toString('base64') }
      : v,
  reviver: (_k: string, v: unknown) =>
    v &&
    typeof v === 'object' &&
    (v as { type?: string }).type === 'Buffer' &&
    typeof (v as { data?: unknown }).data === 'string'
      ? Buffer.from((v as { data: string }).data, 'base64')
      : v,
};
const encode = (v: unknown) => JSON.parse(JSON.stringify(v, BufferJSON.replacer)) as unknown;
const decode = (v: unknown) => JSON.parse(JSON.stringify(v), BufferJSON.reviver) as unknown;

/** Calls a session route with a session token (or none). */
function session(token: string | undefined, method: string, path: string, body?: unknown) {
  return fetch(`${t.url}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A stand-in session control server: records calls, answers like the session program. */
interface Recorded {
  path: string;
  auth: string | undefined;
  body: Record<string, unknown>;
}
function controlServer(key: string) {
  const calls: Recorded[] = [];
  const sent = new Map<string, string>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      if (req.headers.authorization !== `Bearer ${key}`) {
        res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":"unauthorized"}');
        return;
      }
      if (req.url === '/messages') {
        // A repeated id answers the first send's wid and sends nothing again.
        const id = String(body.id);
        if (!sent.has(id)) sent.set(id, `3EB0${sent.size + 1}${id.replace(/\W/g, '')}`);
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ wid: sent.get(id) }));
        return;
      }
      res.writeHead(204).end();
    });
  });
  return {
    calls,
    sent,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const CONTROL_KEY = 'control-key-of-session-a-0123456789abcdef';
const control = controlServer(CONTROL_KEY);
let endpoint = '';

beforeAll(async () => {
  t = await startTestApi({ INTERNAL_TOKEN: INTERNAL });
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  const service = t.client(INTERNAL);
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  const su = await t.login(SUPER.email, SUPER.password);
  const company = await su.call('companiesCreate', {
    body: { name: 'Empresa Sessão B', email: 'admin@sessao-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@sessao-b.io', 'segredo1');
  for (const [c, companyId, name] of [
    [A, admin.user.companyId, 'sessao-a'],
    [B, company.id, 'sessao-b'],
  ] as const) {
    c.companyId = companyId;
    c.connectionId = (
      await service.call('internalConnectionRegister', {
        body: { companyId, resourceName: name, displayName: `Sessão ${name}`, channel: 'whatsapp' },
      })
    ).id;
    c.token = (
      await service.call('internalSessionCredentials', { params: { id: c.connectionId } })
    ).token;
  }
  endpoint = await control.start();
});
afterAll(async () => {
  await control.stop();
  await db?.end();
  await t?.close();
});

const creds = {
  noiseKey: {
    private: Buffer.from('private-noise-key-bytes'),
    public: Buffer.from([1, 2, 3, 255]),
  },
  registrationId: 4242,
};

describe('session auth state', () => {
  it('round-trips BufferJSON values, encrypted at rest, and wipes them', async () => {
    const put = await session(A.token, 'PUT', '/internal/sessions/me/auth', {
      values: {
        creds: encode(creds),
        'pre-key-1': encode({ keyPair: { public: Buffer.from('pk1') } }),
      },
    });
    expect(put.status).toBe(204);
    // An upsert of the same key replaces it in place.
    const again = await session(A.token, 'PUT', '/internal/sessions/me/auth', {
      values: {
        'pre-key-1': encode({ keyPair: { public: Buffer.from('pk1-new') } }),
        'pre-key-2': encode({ n: 2 }),
      },
    });
    expect(again.status).toBe(204);
    const read = await session(A.token, 'POST', '/internal/sessions/me/auth/read', {
      keys: ['creds', 'pre-key-1', 'pre-key-2', 'pre-key-9'],
    });
    expect(read.status).toBe(200);
    const { values } = (await read.json()) as { values: Record<string, unknown> };
    expect(values['pre-key-9']).toBeNull();
    const back = decode(values.creds) as typeof creds;
    expect(Buffer.isBuffer(back.noiseKey.private)).toBe(true);
    expect(back.noiseKey.private.equals(creds.noiseKey.private)).toBe(true);
    expect(back.noiseKey.public.equals(creds.noiseKey.public)).toBe(true);
    expect(back.registrationId).toBe(4242);
    expect(
      (decode(values['pre-key-1']) as { keyPair: { public: Buffer } }).keyPair.public.toString(),
    ).toBe('pk1-new');

    // At rest: one row per key, none holding the plaintext (nor its base64).
    const rows = (
      await db.query(
        `SELECT key, value::text AS value FROM baileys_auth WHERE "whatsappId" = $1 ORDER BY key`,
        [A.connectionId],
      )
    ).rows as { key: string; value: string }[];
    expect(rows.map((r) => r.key)).toEqual(['creds', 'pre-key-1', 'pre-key-2']);
    for (const r of rows) {
      expect(r.value).not.toContain('private-noise-key-bytes');
      expect(r.value).not.toContain(Buffer.from('private-noise-key-bytes').toString('base64'));
      expect(r.value).not.toContain('registrationId');
      expect(r.value).toMatch(/^"v1:/);
    }
    // A sealed value copied to another key does not open there.
    await db.query(
      `UPDATE baileys_auth SET value = (SELECT value FROM baileys_auth WHERE "whatsappId" = $1 AND key = 'creds') WHERE "whatsappId" = $1 AND key = 'pre-key-2'`,
      [A.connectionId],
    );
    const swapped = (await (
      await session(A.token, 'POST', '/internal/sessions/me/auth/read', { keys: ['pre-key-2'] })
    ).json()) as {
      values: Record<string, unknown>;
    };
    expect(swapped.values['pre-key-2']).toBeNull();

    // null deletes one key; DELETE wipes the connection's state.
    expect(
      (
        await session(A.token, 'PUT', '/internal/sessions/me/auth', {
          values: { 'pre-key-2': null },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await db.query(`SELECT count(*)::int AS n FROM baileys_auth WHERE "whatsappId" = $1`, [
          A.connectionId,
        ])
      ).rows[0].n,
    ).toBe(2);
    expect((await session(A.token, 'DELETE', '/internal/sessions/me/auth')).status).toBe(204);
    expect(
      (
        await db.query(`SELECT count(*)::int AS n FROM baileys_auth WHERE "whatsappId" = $1`, [
          A.connectionId,
        ])
      ).rows[0].n,
    ).toBe(0);
  });

  it('answers the config a session starts with, the proxy only with useProxy', async () => {
    const res = await session(A.token, 'GET', '/internal/sessions/me/config');
    expect(await res.json()).toEqual({
      connectionId: A.connectionId,
      companyId: A.companyId,
      proxyUrl: null,
    });
    await db.query(
      `INSERT INTO proxies ("companyId", host, port, protocol, username, password, enabled) VALUES ($1, 'proxy.local', 3128, 'http', 'joão', 'p@ss', true)`,
      [A.companyId],
    );
    await db.query(`UPDATE whatsapps SET "useProxy" = true WHERE id = $1`, [A.connectionId]);
    const withProxy = (await (
      await session(A.token, 'GET', '/internal/sessions/me/config')
    ).json()) as { proxyUrl: string };
    expect(withProxy.proxyUrl).toBe('http://jo%C3%A3o:p%40ss@proxy.local:3128');
    // Company B's session sees no proxy of A's.
    const b = (await (
      await session(B.token, 'GET', '/internal/sessions/me/config')
    ).json()) as Record<string, unknown>;
    expect(b).toEqual({ connectionId: B.connectionId, companyId: B.companyId, proxyUrl: null });
    await db.query(`UPDATE whatsapps SET "useProxy" = false WHERE id = $1`, [A.connectionId]);
  });
});

const inboundText = (wid: string, body: string) => ({
  type: 'message',
  wid,
  contact: { number: '5511988887777', name: 'Cliente Sessão' },
  kind: 'chat',
  body,
});

let ticketId = 0;
let mediaFile = '';

describe('session events', () => {
  it('stores an inbound text message once, a redelivery answering duplicate', async () => {
    const first = await session(
      A.token,
      'POST',
      '/internal/sessions/me/events',
      inboundText('WID-SESS-1', 'Olá pela sessão'),
    );
    expect(first.status).toBe(200);
    const r1 = (await first.json()) as { messageId: number; ticketId: number; duplicate: boolean };
    expect(r1).toMatchObject({ duplicate: false });
    expect(r1.messageId).toBeGreaterThan(0);
    ticketId = r1.ticketId;
    const again = (await (
      await session(
        A.token,
        'POST',
        '/internal/sessions/me/events',
        inboundText('WID-SESS-1', 'Olá pela sessão'),
      )
    ).json()) as {
      messageId: number;
      duplicate: boolean;
    };
    expect(again).toMatchObject({ messageId: r1.messageId, duplicate: true });
    const rows = (
      await db.query(
        `SELECT "companyId", "whatsappId", body, "fromMe" FROM messages WHERE wid = 'WID-SESS-1'`,
      )
    ).rows;
    expect(rows).toEqual([
      {
        companyId: A.companyId,
        whatsappId: A.connectionId,
        body: 'Olá pela sessão',
        fromMe: false,
      },
    ]);
  });

  it('takes a media message as multipart and serves the company its private uploads only', async () => {
    const event = {
      type: 'message',
      wid: 'WID-SESS-IMG',
      contact: { number: '5511988887777' },
      kind: 'image',
      body: 'foto',
      media: { mimetype: 'image/png', fileName: 'foto.png' },
    };
    const res = await postFile(
      { token: A.token, baseUrl: t.url } as unknown as TestClient,
      '/internal/sessions/me/events',
      { field: 'media', name: 'foto.png', type: 'image/png', bytes: PNG_1X1 },
      { event: JSON.stringify(event) },
    );
    expect(res.status).toBe(200);
    const { messageId } = (await res.json()) as { messageId: number };
    const row = (
      await db.query(`SELECT "mediaUrl", "mediaType" FROM messages WHERE id = $1`, [messageId])
    ).rows[0];
    expect(row.mediaType).toBe('image');
    mediaFile = String(row.mediaUrl).split('/').pop()!;

    const mine = await session(A.token, 'GET', `/internal/sessions/me/media/${mediaFile}`);
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    // Company B's session, no token, or paths outside the folder: not found / refused.
    expect((await session(B.token, 'GET', `/internal/sessions/me/media/${mediaFile}`)).status).toBe(
      404,
    );
    expect(
      (await session(undefined, 'GET', `/internal/sessions/me/media/${mediaFile}`)).status,
    ).toBe(401);
    for (const p of ['..%2F..%2Fpackage.json', '%2e%2e%2f%2e%2e%2fjwt-secret', 'nope.png'])
      expect((await session(A.token, 'GET', `/internal/sessions/me/media/${p}`)).status).toBe(404);
  });
});

describe('status report and views', () => {
  it('stores the endpoint and a sealed control key, which no connection view shows', async () => {
    const res = await session(A.token, 'PUT', '/internal/sessions/me/status', {
      status: 'CONNECTED',
      number: '5511900001111',
      endpoint,
      controlKey: CONTROL_KEY,
    });
    expect(res.status).toBe(200);
    const row = (
      await db.query(`SELECT "sessionEndpoint", "sessionControlKey" FROM whatsapps WHERE id = $1`, [
        A.connectionId,
      ])
    ).rows[0];
    expect(row.sessionEndpoint).toBe(endpoint);
    expect(row.sessionControlKey).toMatch(/^v1:/);
    expect(row.sessionControlKey).not.toContain(CONTROL_KEY);
    const shown = JSON.stringify([
      await admin.call('whatsappShow', { params: { id: A.connectionId } }),
      await admin.call('whatsappIndex', { query: {} }),
    ]);
    expect(shown).not.toContain('sessionControlKey');
    expect(shown).not.toContain('sessionTokenHash');
    expect(shown).not.toContain(row.sessionControlKey);
    // A report with a short control key or a non-http endpoint is refused, nothing stored.
    for (const bad of [
      { controlKey: 'short' },
      { endpoint: 'file:///etc/passwd' },
      { endpoint: 'not a url' },
    ])
      expect(
        (
          await session(A.token, 'PUT', '/internal/sessions/me/status', {
            status: 'CONNECTED',
            ...bad,
          })
        ).status,
      ).toBe(400);
    expect(
      (await db.query(`SELECT "sessionEndpoint" FROM whatsapps WHERE id = $1`, [A.connectionId]))
        .rows[0].sessionEndpoint,
    ).toBe(endpoint);
  });
});

describe('sending through the session', () => {
  it('sends with the control key and our deterministic id; a repeated send is the same wid', async () => {
    const sent = await admin.call('messagesStore', {
      params: { ticketId },
      body: { body: 'Resposta pela sessão' },
    });
    const messageId = sent.messages[0]!.id as number;
    await expect
      .poll(
        async () =>
          (await db.query(`SELECT ack, wid FROM messages WHERE id = $1`, [messageId])).rows[0].ack,
        { timeout: 5000 },
      )
      .toBe(1);
    const call = control.calls.find(
      (c) => c.path === '/messages' && c.body.body === 'Resposta pela sessão',
    )!;
    expect(call.auth).toBe(`Bearer ${CONTROL_KEY}`);
    expect(call.body).toMatchObject({
      to: { number: '5511988887777', isGroup: false },
      mediaType: 'chat',
    });
    // Shaped like WhatsApp Web's own ids (nothing of ours in clear), and ours: the function's.
    const id = String(call.body.id);
    expect(id).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(id).toBe(channelMessageId(t.api.ctx, A.companyId, messageId));
    const { wid } = (await db.query(`SELECT wid FROM messages WHERE id = $1`, [messageId])).rows[0];
    expect(wid).toBe(control.sent.get(id));

    // The adapter itself, twice with the same message: one wid.
    const adapter = t.api.ctx.channels.for('whatsapp');
    const send = {
      messageId,
      companyId: A.companyId,
      ticketId,
      whatsappId: A.connectionId,
      channel: 'whatsapp',
      to: { contactId: 0, number: '5511988887777', isGroup: false },
      body: 'Resposta pela sessão',
      mediaType: null,
      mediaFile: null,
      quotedWid: null,
    };
    expect((await adapter.send(send)).wid).toBe(wid);
    expect((await adapter.send(send)).wid).toBe(wid);
    expect(control.sent.size).toBe(1);
    // A retried send carries the same id; another message or another company's, another id.
    const ids = control.calls.filter((c) => c.path === '/messages').map((c) => c.body.id);
    expect(ids.slice(-3)).toEqual([id, id, id]);
    const others = [
      channelMessageId(t.api.ctx, A.companyId, messageId + 1),
      channelMessageId(t.api.ctx, B.companyId, messageId),
    ];
    for (const other of others) expect(other).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(new Set([id, ...others]).size).toBe(3);
    // A file of no media kind (stored as "application") goes as a document with its name.
    await adapter.send({
      ...send,
      messageId: messageId + 1000,
      mediaType: 'application',
      mediaFile: 'f'.repeat(32) + '.pdf',
    });
    expect(control.calls.at(-1)!.body.id).toBe(
      channelMessageId(t.api.ctx, A.companyId, messageId + 1000),
    );
    expect(control.calls.at(-1)!.body.id).not.toBe(id);
    expect(control.calls.at(-1)!.body).toMatchObject({
      mediaType: 'document',
      mediaFile: 'f'.repeat(32) + '.pdf',
      fileName: 'f'.repeat(32) + '.pdf',
    });
    // A location as the console stores it (a maps link) goes as "lat,lng" and its name.
    await adapter.send({
      ...send,
      messageId: messageId + 1001,
      mediaType: 'locationMessage',
      body: 'https://maps.google.com/maps?q=-23.55,-46.63|Escritório',
    });
    expect(control.calls.at(-1)!.body).toMatchObject({
      mediaType: 'locationMessage',
      body: '-23.55,-46.63\nEscritório',
    });

    // Edit and delete name the chat of the stored message.
    await admin.call('messagesEdit', { params: { messageId }, body: { body: 'Resposta editada' } });
    await admin.call('messagesDelete', { params: { messageId } });
    await expect
      .poll(() => control.calls.filter((c) => c.path.startsWith('/messages/')).length, {
        timeout: 5000,
      })
      .toBe(2);
    expect(control.calls.find((c) => c.path === '/messages/edit')!.body).toEqual({
      wid,
      to: { number: '5511988887777', isGroup: false },
      body: 'Resposta editada',
    });
    expect(control.calls.find((c) => c.path === '/messages/delete')!.body).toEqual({
      wid,
      to: { number: '5511988887777', isGroup: false },
    });
  });

  it('leaves a message at ack 0 when the session cannot be reached, and logs out best effort', async () => {
    // The session moved away (nothing listens there now): the send fails and is kept for later.
    await session(A.token, 'PUT', '/internal/sessions/me/status', {
      status: 'CONNECTED',
      endpoint: 'http://127.0.0.1:9',
      controlKey: CONTROL_KEY,
    });
    const sent = await admin.call('messagesStore', {
      params: { ticketId },
      body: { body: 'Sem sessão' },
    });
    const messageId = sent.messages[0]!.id as number;
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      (await db.query(`SELECT ack, wid FROM messages WHERE id = $1`, [messageId])).rows[0],
    ).toEqual({ ack: 0, wid: null });

    // Logout: the session is told (when it listens), then its login is forgotten.
    await session(A.token, 'PUT', '/internal/sessions/me/status', {
      status: 'CONNECTED',
      endpoint,
      controlKey: CONTROL_KEY,
    });
    await session(A.token, 'PUT', '/internal/sessions/me/auth', {
      values: { creds: encode(creds) },
    });
    expect(
      (await t.client(INTERNAL).raw('POST', `/internal/connections/${A.connectionId}/logout`))
        .status,
    ).toBe(204);
    expect(
      control.calls.some((c) => c.path === '/logout' && c.auth === `Bearer ${CONTROL_KEY}`),
    ).toBe(true);
    expect(
      (
        await db.query(`SELECT count(*)::int AS n FROM baileys_auth WHERE "whatsappId" = $1`, [
          A.connectionId,
        ])
      ).rows[0].n,
    ).toBe(0);
    expect(
      (
        await db.query(
          `SELECT status, "sessionEndpoint", "sessionControlKey" FROM whatsapps WHERE id = $1`,
          [A.connectionId],
        )
      ).rows[0],
    ).toEqual({
      status: 'DISCONNECTED',
      sessionEndpoint: null,
      sessionControlKey: null,
    });
  });
});

describe('disconnecting from the console', () => {
  it('tells the running session to log out, so the phone unlinks the device, then forgets the login', async () => {
    await session(A.token, 'PUT', '/internal/sessions/me/status', {
      status: 'CONNECTED',
      endpoint,
      controlKey: CONTROL_KEY,
    });
    const before = control.calls.filter((c) => c.path === '/logout').length;
    const res = await admin.raw('DELETE', `/whatsappsession/${A.connectionId}`);
    expect(res.status).toBe(200);
    expect(control.calls.filter((c) => c.path === '/logout')).toHaveLength(before + 1);
    expect(
      (
        await db.query(`SELECT status, "sessionEndpoint" FROM whatsapps WHERE id = $1`, [
          A.connectionId,
        ])
      ).rows[0],
    ).toEqual({ status: 'DISCONNECTED', sessionEndpoint: null });
  });
});

describe('isolation and malformed input', () => {
  const routes = (body = { keys: ['creds'] }) =>
    [
      ['GET', '/internal/sessions/me/config', undefined],
      ['POST', '/internal/sessions/me/auth/read', body],
      ['PUT', '/internal/sessions/me/auth', { values: { creds: { hacked: true } } }],
      ['DELETE', '/internal/sessions/me/auth', undefined],
      ['POST', '/internal/sessions/me/events', inboundText('WID-HACK', 'hack')],
      ['GET', `/internal/sessions/me/media/${mediaFile}`, undefined],
    ] as const;

  it("refuses company A's users, the service token and unknown tokens on every session route; B's rows unchanged", async () => {
    await session(B.token, 'PUT', '/internal/sessions/me/auth', {
      values: { creds: encode(creds) },
    });
    const before = (
      await db.query(
        `SELECT key, value::text FROM baileys_auth WHERE "companyId" = $1 ORDER BY key`,
        [B.companyId],
      )
    ).rows;
    expect(before).toHaveLength(1);
    for (const token of [
      admin.token,
      agent.token,
      bAdmin.token,
      INTERNAL,
      'unknown-session-token',
      undefined,
    ])
      for (const [method, path, body] of routes()) {
        const res = await session(token, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(((await res.json()) as { error: string }).error).toBe('ERR_SESSION_EXPIRED');
      }
    // Session A names only its own rows: B's keys read as absent from A, and A's wipe leaves them.
    const fromA = (await (
      await session(A.token, 'POST', '/internal/sessions/me/auth/read', { keys: ['creds'] })
    ).json()) as { values: Record<string, unknown> };
    expect(fromA.values.creds).toBeNull();
    await session(A.token, 'DELETE', '/internal/sessions/me/auth');
    expect(
      (
        await db.query(
          `SELECT key, value::text FROM baileys_auth WHERE "companyId" = $1 ORDER BY key`,
          [B.companyId],
        )
      ).rows,
    ).toEqual(before);
    expect(
      (await db.query(`SELECT count(*)::int AS n FROM messages WHERE wid = 'WID-HACK'`)).rows[0].n,
    ).toBe(0);
    // B's session reads its own.
    const fromB = (await (
      await session(B.token, 'POST', '/internal/sessions/me/auth/read', { keys: ['creds'] })
    ).json()) as { values: Record<string, unknown> };
    expect(decode(fromB.values.creds)).toMatchObject({ registrationId: 4242 });
  });

  it('answers malformed input with 400 and stores nothing', async () => {
    const bad: [string, string, unknown][] = [
      ['POST', '/internal/sessions/me/auth/read', { keys: 'creds' }],
      ['POST', '/internal/sessions/me/auth/read', { keys: ['bad\u0000key'] }],
      [
        'POST',
        '/internal/sessions/me/auth/read',
        { keys: Array.from({ length: 2001 }, (_, i) => `k-${i}`) },
      ],
      [
        'PUT',
        '/internal/sessions/me/auth',
        { values: Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`k-${i}`, 1])) },
      ],
      ['PUT', '/internal/sessions/me/auth', { values: [1, 2] }],
      ['PUT', '/internal/sessions/me/auth', '{"values":'],
      [
        'POST',
        '/internal/sessions/me/events',
        { type: 'message', wid: '', kind: 'chat', contact: {} },
      ],
      ['POST', '/internal/sessions/me/events', { type: 'nope' }],
      ['GET', `/internal/sessions/me/media/${'a'.repeat(300)}`, undefined],
    ];
    for (const [method, path, body] of bad) {
      const res = await session(B.token, method, path, body);
      expect(res.status, `${method} ${path} ${String(JSON.stringify(body)).slice(0, 80)}`).toBe(
        400,
      );
      expect(((await res.json()) as { error: string }).error).toMatch(
        /^ERR_(VALIDATION|INVALID_JSON)$/,
      );
    }
    // Multipart: the event must be JSON, and only a media message carries a file.
    const asB = { token: B.token, baseUrl: t.url } as unknown as TestClient;
    const file = { field: 'media', name: 'a.png', type: 'image/png', bytes: PNG_1X1 };
    expect(
      (await postFile(asB, '/internal/sessions/me/events', file, { event: '{not json' })).status,
    ).toBe(400);
    expect((await postFile(asB, '/internal/sessions/me/events', file, {})).status).toBe(400);
    expect(
      (
        await postFile(asB, '/internal/sessions/me/events', file, {
          event: JSON.stringify(inboundText('WID-B-TXT', 'x')),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await postFile(
          asB,
          '/internal/sessions/me/events',
          { ...file, field: 'other' },
          { event: JSON.stringify(inboundText('WID-B-TXT', 'x')) },
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await db.query(`SELECT count(*)::int AS n FROM messages WHERE "companyId" = $1`, [
          B.companyId,
        ])
      ).rows[0].n,
    ).toBe(0);
    expect(
      (
        await db.query(`SELECT count(*)::int AS n FROM baileys_auth WHERE "companyId" = $1`, [
          B.companyId,
        ])
      ).rows[0].n,
    ).toBe(1);
  });
});
