import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LocalChannelAdapter,
  singleAdapterRegistry,
} from '@atendo/core/channels/channel-adapter.js';
import { DEMO_ADMIN, DEMO_AGENT, SUPER, startTestApi, type TestApi } from './support/api.js';
import { sql } from './support/sql.js';
import { PNG_1X1 } from './support/upload.js';

/**
 * The messages API (docs/product/messages-api.md#routes, docs/product/messages-api.md#sending) as an integrator calls it: plain HTTP with a
 * connection's token, JSON or multipart.
 */
let t: TestApi;
const adapter = new LocalChannelAdapter();
const A = { companyId: 0, agentId: 0, queueId: 0 };
const B = { companyId: 0, userId: 0, queueId: 0 };
let seq = 0;

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<T>(t.databaseUrl, text, params);
const number = () => `5521988${String(++seq).padStart(6, '0')}`;

/** A connected connection of `companyId` with a fresh API token. */
async function connection(companyId = A.companyId, extra = '') {
  const token = randomBytes(15).toString('hex');
  const [row] = await q<{ id: number }>(
    `INSERT INTO whatsapps ("companyId", name, status, token, "complationMessage")
     VALUES ($1, $2, 'CONNECTED', $3, 'Até logo!') RETURNING id`,
    [companyId, `API ${++seq}${extra}`, token],
  );
  return { id: row!.id, token };
}

function send(token: string | null, body: unknown) {
  return fetch(`${t.url}/api/messages/send`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

const ticketOf = async (ticketId: number) =>
  (
    await q<{ status: string; userId: number | null; queueId: number | null; contactId: number }>(
      `SELECT status, "userId", "queueId", "contactId" FROM tickets WHERE id = $1`,
      [ticketId],
    )
  )[0]!;

beforeAll(async () => {
  t = await startTestApi(
    { MESSAGES_API_RATE_LIMIT: '5' },
    { channels: singleAdapterRegistry(adapter) },
  );
  const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  A.companyId = admin.user.companyId;
  A.agentId = agent.user.id;
  A.queueId = (
    await q<{ id: number }>(`SELECT id FROM queues WHERE "companyId" = $1 ORDER BY id LIMIT 1`, [
      A.companyId,
    ])
  )[0]!.id;
  // A second company with its own user and queue, to refuse them to A's token.
  const sup = await t.login(SUPER.email, SUPER.password);
  const company = await sup.call('companiesCreate', {
    body: {
      name: 'Outra Empresa',
      email: `outra${Date.now()}@x.test`,
      password: 'segredo1',
      planId: 1,
    },
  });
  B.companyId = company.id;
  const [bq] = await q<{ id: number }>(
    `INSERT INTO queues ("companyId", name, color) VALUES ($1, 'Fila B', '#123456') RETURNING id`,
    [B.companyId],
  );
  B.queueId = bq!.id;
  B.userId = (
    await q<{ id: number }>(`SELECT id FROM users WHERE "companyId" = $1 LIMIT 1`, [B.companyId])
  )[0]!.id;
}, 90_000);
afterAll(() => t?.close());

describe('sending through the messages API', () => {
  it('sends a text to a new number: contact created, pending ticket, delivered by the channel', async () => {
    const c = await connection();
    const to = number();
    const res = await send(c.token, { number: to, body: 'Seu pedido saiu para entrega' });
    expect(res.status).toBe(200);
    const out = (await res.json()) as { mensagem: string; ticketId: number; messageIds: number[] };
    expect(out.mensagem).toBe('Mensagem enviada');
    const ticket = await ticketOf(out.ticketId);
    expect(ticket.status).toBe('pending');
    const [contact] = await q<{ number: string }>(`SELECT number FROM contacts WHERE id = $1`, [
      ticket.contactId,
    ]);
    expect(contact!.number).toBe(to);
    expect(adapter.sent.find((s) => s.messageId === out.messageIds[0])).toMatchObject({
      body: 'Seu pedido saiu para entrega',
      whatsappId: c.id,
      to: { number: to },
    });
    const [m] = await q<{ ack: number; fromMe: boolean }>(
      `SELECT ack, "fromMe" FROM messages WHERE id = $1`,
      [out.messageIds[0]],
    );
    expect(m).toEqual({ ack: 1, fromMe: true });
    // The same number again: the same ticket.
    const again = (await (await send(c.token, { number: to, body: 'Chegou?' })).json()) as {
      ticketId: number;
    };
    expect(again.ticketId).toBe(out.ticketId);
  });

  it('opens the ticket for a user and queue, signs with their name, and closes without a farewell', async () => {
    const c = await connection();
    const res = await send(c.token, {
      number: number(),
      body: 'Boleto em anexo',
      userId: A.agentId,
      queueId: A.queueId,
      sendSignature: true,
      closeTicket: true,
    });
    expect(res.status).toBe(200);
    const out = (await res.json()) as { ticketId: number; messageIds: number[] };
    const ticket = await ticketOf(out.ticketId);
    expect(ticket).toMatchObject({ status: 'closed', userId: A.agentId, queueId: A.queueId });
    const bodies = adapter.sent.filter((s) => s.ticketId === out.ticketId).map((s) => s.body);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatch(/^\*.+:\*\nBoleto em anexo$/);
  });

  it('sends files as multipart `medias`', async () => {
    const c = await connection();
    const form = new FormData();
    form.append('number', number());
    form.append('body', 'Segue a foto');
    form.append('closeTicket', 'false');
    form.append('medias', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'foto.png');
    const res = await fetch(`${t.url}/api/messages/send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${c.token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const out = (await res.json()) as { ticketId: number; messageIds: number[] };
    const [m] = await q<{ mediaType: string; mediaUrl: string; body: string }>(
      `SELECT "mediaType", "mediaUrl", body FROM messages WHERE id = $1`,
      [out.messageIds[0]],
    );
    expect(m).toMatchObject({ mediaType: 'image', body: 'Segue a foto' });
    expect(m!.mediaUrl).toMatch(/^\/private\/\d+\/[0-9a-f]{32}\.png$/);
    expect((await ticketOf(out.ticketId)).status).toBe('pending');
  });
});

describe('what the messages API refuses', () => {
  it('asks for a token (401) and refuses an unknown one (403)', async () => {
    expect((await send(null, { number: number(), body: 'x' })).status).toBe(401);
    const res = await send('not-a-connection-token', { number: number(), body: 'x' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'ERR_INVALID_TOKEN' });
  });

  it('explains a masked or partial number and stores nothing', async () => {
    const c = await connection();
    const before = await q<{ n: number }>(`SELECT count(*)::int AS n FROM messages`);
    for (const bad of ['+55 (11) 99999-0000', '99990000', '55 11 999990000', '']) {
      const res = await send(c.token, { number: bad, body: 'oi' });
      expect(res.status).toBe(400);
      const err = (await res.json()) as {
        error: string;
        fields: { field: string; message: string }[];
      };
      expect(err.error).toBe('ERR_VALIDATION');
      expect(err.fields[0]).toMatchObject({ field: 'number' });
      expect(err.fields[0]!.message).toMatch(/country code/);
    }
    expect(await q(`SELECT count(*)::int AS n FROM messages`)).toEqual(before);
  });

  it('refuses a number the channel does not know, and an empty message', async () => {
    const c = await connection();
    const to = number();
    adapter.unknownNumbers.add(to);
    const res = await send(c.token, { number: to, body: 'oi' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_WAPP_INVALID_CONTACT' });
    expect(await q(`SELECT id FROM contacts WHERE number = $1`, [to])).toEqual([]);
    const empty = await send(c.token, { number: number(), body: '   ' });
    expect(empty.status).toBe(400);
  });

  it("never lets a token reach another company's users or queues", async () => {
    const c = await connection();
    for (const body of [
      { number: number(), body: 'x', userId: B.userId },
      { number: number(), body: 'x', queueId: B.queueId },
    ]) {
      const res = await send(c.token, body);
      expect(res.status).toBe(400);
    }
    expect(
      await q(`SELECT id FROM tickets WHERE "userId" = $1 OR "queueId" = $2`, [
        B.userId,
        B.queueId,
      ]),
    ).toEqual([]);
  });

  it('refuses companies whose plan has no external API', async () => {
    const c = await connection(B.companyId);
    await q(
      `UPDATE plans SET "useExternalApi" = false WHERE id = (SELECT "planId" FROM companies WHERE id = $1)`,
      [B.companyId],
    );
    try {
      const res = await send(c.token, { number: number(), body: 'oi' });
      expect(res.status).toBe(403);
    } finally {
      await q(`UPDATE plans SET "useExternalApi" = true`);
    }
  });

  it('limits each connection to its budget a minute, apart from the others', async () => {
    const busy = await connection();
    const codes: number[] = [];
    for (let n = 0; n < 7; n++)
      codes.push((await send(busy.token, { number: number(), body: `${n}` })).status);
    expect(codes.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(codes.slice(5)).toEqual([429, 429]);
    const calm = await connection();
    expect((await send(calm.token, { number: number(), body: 'oi' })).status).toBe(200);
  });
});

it('is documented in the OpenAPI document with the connection token', async () => {
  const doc = (await (await fetch(`${t.url}/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<string, { security: unknown; requestBody: { content: Record<string, unknown> } }>
    >;
  };
  const op = doc.paths['/api/messages/send']!.post!;
  expect(op.security).toEqual([{ connectionToken: [] }]);
  expect(Object.keys(op.requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
});
