import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '@atendo/core/modules/session-channel/session-token.js';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';

/**
 * The routes of ticket migration and of the message import's session channel: admins only,
 * company B's connection, migration and tickets out of company A's reach, malformed input
 * refused, and history staged only for the session token's own connection.
 */
let t: TestApi;
let db: pg.Client;
let aAdmin: TestClient;
let aAgent: TestClient;
let bAdmin: TestClient;
const B = { whatsappId: 0, ticketId: 0, migrationId: '' };

beforeAll(async () => {
  t = await startTestApi();
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  const su = await t.login(SUPER.email, SUPER.password);
  await su.call('companiesCreate', {
    body: { name: 'Empresa M', email: 'admin@empresa-m.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@empresa-m.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  const bCompany = (bAdmin as TestClient & { user: { companyId: number } }).user.companyId;
  const w = await db.query(
    `INSERT INTO whatsapps ("companyId", name, status, "sessionTokenHash", "importOldMessages")
     VALUES ($1, 'B1', 'CONNECTED', $2, now() - interval '30 days') RETURNING id`,
    [bCompany, hashSessionToken('tok-b')],
  );
  B.whatsappId = w.rows[0].id;
  const c = await db.query(
    `INSERT INTO contacts ("companyId", name, number) VALUES ($1, 'C', '5511977770000') RETURNING id`,
    [bCompany],
  );
  const tk = await db.query(
    `INSERT INTO tickets ("companyId", "contactId", "whatsappId", status, channel, protocol)
     VALUES ($1, $2, $3, 'pending', 'whatsapp', 'pm-1') RETURNING id`,
    [bCompany, c.rows[0].id, B.whatsappId],
  );
  B.ticketId = tk.rows[0].id;
  const started = await bAdmin.raw('POST', '/tickets-migration', {
    whatsappId: B.whatsappId,
    ticketIds: [B.ticketId],
  });
  expect(started.status).toBe(202);
  B.migrationId = ((await started.json()) as { migrationId: string }).migrationId;
});
afterAll(async () => {
  await db?.end();
  await t?.close();
});

describe('ticket migration routes', () => {
  it('records the request and answers its progress', async () => {
    const res = await bAdmin.raw('GET', `/tickets-migration/${B.migrationId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      migrationId: B.migrationId,
      whatsappId: B.whatsappId,
      total: 1,
      migrated: 0,
      failed: 0,
      done: false,
    });
  });

  it("keeps company B's connection and migration out of company A's reach", async () => {
    const post = await aAdmin.raw('POST', '/tickets-migration', {
      whatsappId: B.whatsappId,
      ticketIds: [B.ticketId],
    });
    expect(post.status).toBe(404);
    expect((await aAdmin.raw('GET', `/tickets-migration/${B.migrationId}`)).status).toBe(404);
    expect((await aAgent.raw('GET', `/tickets-migration/${B.migrationId}`)).status).toBe(403);
    expect(
      (await aAgent.raw('POST', '/tickets-migration', { whatsappId: 1, ticketIds: [1] })).status,
    ).toBe(403);
    const rows = await db.query(`SELECT count(*)::int AS n FROM ticket_migrations`);
    expect(rows.rows[0].n).toBe(1);
    const ticket = await db.query(`SELECT "whatsappId", status FROM tickets WHERE id = $1`, [
      B.ticketId,
    ]);
    expect(ticket.rows[0]).toEqual({ whatsappId: B.whatsappId, status: 'pending' });
  });

  it('refuses malformed input', async () => {
    for (const body of [{ whatsappId: 1, ticketIds: [] }, { whatsappId: 'x', ticketIds: [1] }, {}])
      expect((await aAdmin.raw('POST', '/tickets-migration', body)).status).toBe(400);
    expect((await aAdmin.raw('GET', '/tickets-migration/not-a-uuid')).status).toBe(400);
  });
});

describe('message import session routes', () => {
  const session = (token: string) => ({ Authorization: `Bearer ${token}` });
  const message = (wid: string, daysAgo: number) => ({
    type: 'message',
    wid,
    timestamp: Math.floor((Date.now() - daysAgo * 86_400_000) / 1000),
    contact: { number: '5511977770001' },
    kind: 'chat',
    body: wid,
  });

  it('stages in-window history for the token’s own connection only', async () => {
    const c = t.client();
    const cfg = await c.raw('GET', '/internal/sessions/me/history', undefined, session('tok-b'));
    expect(await cfg.json()).toMatchObject({ enabled: true, groups: false, to: null });
    const res = await c.raw(
      'POST',
      '/internal/sessions/me/history',
      { messages: [message('h1', 2), message('h2', 60), message('h1', 2)] },
      session('tok-b'),
    );
    expect(await res.json()).toEqual({ staged: 1, enabled: true });
    const staged = await db.query(`SELECT "whatsappId", wid FROM import_messages`);
    expect(staged.rows).toEqual([{ whatsappId: B.whatsappId, wid: 'h1' }]);
    const done = await c.raw(
      'POST',
      '/internal/sessions/me/history/complete',
      undefined,
      session('tok-b'),
    );
    expect(done.status).toBe(204);
  });

  it('refuses an unknown session token and malformed batches', async () => {
    const c = t.client();
    for (const [method, path] of [
      ['GET', '/internal/sessions/me/history'],
      ['POST', '/internal/sessions/me/history/complete'],
    ] as const)
      expect((await c.raw(method, path, undefined, session('nope'))).status).toBe(401);
    const bad = await c.raw(
      'POST',
      '/internal/sessions/me/history',
      { messages: [{ type: 'message' }] },
      session('tok-b'),
    );
    expect(bad.status).toBe(400);
    const unknown = await c.raw(
      'POST',
      '/internal/sessions/me/history',
      { messages: [message('h3', 2)] },
      session('nope'),
    );
    expect(unknown.status).toBe(401);
  });
});
