import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { advanceDueDate, calendarDay, addCalendarDays } from '@atendo/domain';
import { startFakePix, type FakePix } from '@atendo/testing/fake-pix';
import { createLogger } from '@atendo/core/logger.js';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { sql } from './support/sql.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

const CPF = '529.982.247-25';
const CNPJ = '11.222.333/0001-81';
const TODAY = calendarDay(new Date(), 'America/Sao_Paulo');

let fake: FakePix;
let t: TestApi;
let webhook: string;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
const logs: string[] = [];
const sockets: Socket[] = [];

async function invoice(companyId: number, dueDate: string, value = '49.00') {
  const [row] = await sql<{ id: number }>(
    t.databaseUrl,
    `INSERT INTO invoices ("companyId", detail, value, users, connections, "dueDate", status)
     VALUES ($1, 'Plano 1', $2, 3, 3, $3, 'open') RETURNING id`,
    [companyId, value, dueDate],
  );
  return row!.id;
}
async function invoiceRow(id: number) {
  const [row] = await sql<{ status: string; value: string; txId: string | null; users: number }>(
    t.databaseUrl,
    `SELECT status, value::text AS value, "txId", users, "paidAt" FROM invoices WHERE id = $1`,
    [id],
  );
  return row!;
}
async function company(id: number) {
  const [row] = await sql<{ dueDate: string; status: boolean }>(
    t.databaseUrl,
    `SELECT "dueDate"::text AS "dueDate", status FROM companies WHERE id = $1`,
    [id],
  );
  return row!;
}
const checkout = (c: TestClient, invoiceId: number, extra: Record<string, unknown> = {}) =>
  c.raw('POST', '/subscription', { invoiceId, firstName: 'Maria Souza', zipcode: CPF, ...extra });

beforeAll(async () => {
  fake = await startFakePix();
  t = await startTestApi({
    MERCADOPAGO_API_URL: fake.url,
    MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: fake.webhookSecret,
    LOGIN_RATE_LIMIT: '1000',
  });
  // Every log line of the api from here on, to prove no secret reaches one.
  const sink = new Writable({
    write(chunk: Buffer, _e, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  t.api.ctx.logger = createLogger('trace', sink);
  webhook = `${t.url}/subscription/webhook`;
  const su = await t.login(SUPER.email, SUPER.password);
  await su.call('companiesCreate', {
    body: { name: 'Empresa Pix B', email: 'admin@pix-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@pix-b.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  await sql(
    t.databaseUrl,
    `UPDATE companies SET "dueDate" = $2, recurrence = 'MENSAL' WHERE id = $1`,
    [aAdmin.user.companyId, addCalendarDays(TODAY, 5)],
  );
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
  await fake?.close();
});

function listen(
  c: Logged,
): Promise<{ socket: Socket; events: { action: string; company?: { dueDate: string } }[] }> {
  return new Promise((resolve, reject) => {
    const socket = io(`${t.url}/${c.user.companyId}`, {
      auth: { token: c.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    const events: { action: string; company?: { dueDate: string } }[] = [];
    socket.on(`company-${c.user.companyId}-payment`, (p: (typeof events)[number]) =>
      events.push(p),
    );
    socket.once('connect', () => resolve({ socket, events }));
    socket.once('connect_error', reject);
  });
}
async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

describe('checkout', () => {
  it('refuses malformed payloads naming the fields and the spec texts', async () => {
    const id = await invoice(aAdmin.user.companyId, addCalendarDays(TODAY, 40));
    const empty = await aAdmin.raw('POST', '/subscription', {});
    expect(empty.status).toBe(400);
    const body = (await empty.json()) as { fields: { field: string; message: string }[] };
    expect(body.fields.map((f) => f.field).sort()).toEqual(['firstName', 'invoiceId', 'zipcode']);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '  ' }, 'firstName', 'O nome completo é obrigatório'],
      [{ zipcode: '' }, 'zipcode', 'CPF/CNPJ é obrigatório'],
      [{ zipcode: '111.111.111-11' }, 'zipcode', 'CPF/CNPJ inválido'],
      [{ zipcode: '529.982.247-24' }, 'zipcode', 'CPF/CNPJ inválido'],
      [{ users: 2, connections: 3 }, 'users', 'Mínimo de 3 usuários'],
      [{ users: 3, connections: 2 }, 'connections', 'Mínimo de 3 conexões'],
      [{ users: 3.5 }, 'users', ''],
      [{ invoiceId: 'abc' }, 'invoiceId', ''],
    ];
    for (const [patch, field, message] of cases) {
      const res = await checkout(aAdmin, id, patch);
      expect(res.status, JSON.stringify(patch)).toBe(400);
      const b = (await res.json()) as {
        error: string;
        fields: { field: string; message: string }[];
      };
      expect(b.error).toBe('ERR_VALIDATION');
      const issue = b.fields.find((f) => f.field === field);
      expect(issue, JSON.stringify(b)).toBeTruthy();
      if (message) expect(issue!.message).toBe(message);
    }
    expect((await invoiceRow(id)).txId).toBeNull();
    expect(fake.payments.size).toBe(0);
  });

  it('prices the custom plan on the server and answers the Pix code (same quantities: same charge)', async () => {
    const id = await invoice(aAdmin.user.companyId, addCalendarDays(TODAY, 70));
    const res = await checkout(aAdmin, id, { users: 5, connections: 4, price: 1, zipcode: CNPJ });
    expect(res.status).toBe(200);
    const pix = (await res.json()) as {
      txid: string;
      valor: { original: string };
      qrcode: { qrcode: string; imagemQrcode?: string };
    };
    // 49 + 2 extra users × 11 + 1 extra connection × 20; the client's price is ignored.
    expect(pix.valor.original).toBe('91.00');
    expect(pix.qrcode.qrcode).toMatch(/^000201/);
    expect(pix.qrcode.imagemQrcode).toMatch(/^data:image\/png;base64,/);
    const charge = fake.payments.get(Number(pix.txid))!;
    expect(charge.transaction_amount).toBe(91);
    expect(charge.external_reference).toBe(`atendo:${aAdmin.user.companyId}:${id}`);
    expect(charge.payer).toMatchObject({
      identification: { type: 'CNPJ', number: '11222333000181' },
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${fake.accessToken}`);
    expect(sent.headers['x-idempotency-key']).toBeTruthy();
    expect(await invoiceRow(id)).toMatchObject({ value: '91.00', txId: pix.txid, users: 5 });

    const again = (await (await checkout(aAdmin, id, { users: 5, connections: 4 })).json()) as {
      txid: string;
    };
    expect(again.txid).toBe(pix.txid);
    // Without quantities the invoice is charged as it stands.
    const plain = (await (
      await checkout(
        aAdmin,
        await invoice(aAdmin.user.companyId, addCalendarDays(TODAY, 100), '149.90'),
      )
    ).json()) as {
      valor: { original: string };
    };
    expect(plain.valor.original).toBe('149.90');
  });

  it('is for company admins only, and only for their own invoices', async () => {
    const mine = await invoice(aAdmin.user.companyId, addCalendarDays(TODAY, 130));
    const res = await checkout(aAgent, mine);
    expect(res.status).toBe(403);
    const theirs = await invoice(bAdmin.user.companyId, addCalendarDays(TODAY, 130));
    const cross = await checkout(aAdmin, theirs);
    expect(cross.status).toBe(404);
    expect(await invoiceRow(theirs)).toMatchObject({ status: 'open', txId: null, value: '49.00' });
    const anonymous = await t
      .client()
      .raw('POST', '/subscription', { invoiceId: mine, firstName: 'x', zipcode: CPF });
    expect(anonymous.status).toBe(401);
  });
});

describe('payment webhook', () => {
  it('pays once: the invoice turns paid, the due date moves by the recurrence, CONCLUIDA reaches the console; a replay changes nothing', async () => {
    const companyId = aAdmin.user.companyId;
    const id = await invoice(companyId, addCalendarDays(TODAY, 5));
    const { events } = await listen(aAdmin);
    const pix = (await (await checkout(aAdmin, id)).json()) as { txid: string };
    const before = await company(companyId);

    const res = await fake.payAndNotify(webhook, pix.txid);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, paid: true });
    const next = advanceDueDate(before.dueDate, 'MENSAL');
    expect(await company(companyId)).toMatchObject({ dueDate: next, status: true });
    expect(await invoiceRow(id)).toMatchObject({ status: 'paid' });
    await until(() => events.some((e) => e.action === 'CONCLUIDA'));
    expect(events.find((e) => e.action === 'CONCLUIDA')!.company).toMatchObject({ dueDate: next });

    const replay = await fake.notify(webhook, pix.txid);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, paid: false });
    expect((await company(companyId)).dueDate).toBe(next);
    expect((await checkout(aAdmin, id)).status).toBe(409);
    const list = await aAdmin.call('invoicesIndex', { query: { searchParam: 'pago' } });
    expect(list.invoices.map((i) => i.id)).toContain(id);
  });

  it('refuses an unsigned or badly signed notification with 401 and changes nothing', async () => {
    const companyId = aAdmin.user.companyId;
    const id = await invoice(companyId, addCalendarDays(TODAY, 160));
    const pix = (await (await checkout(aAdmin, id)).json()) as { txid: string };
    fake.pay(pix.txid);
    const before = await company(companyId);
    const n = fake.signedNotification(pix.txid);
    const post = (query: string, headers: Record<string, string>, body = n.body) =>
      fetch(`${webhook}${query}`, { method: 'POST', headers, body });

    const attempts = [
      post(n.query, { 'Content-Type': 'application/json' }),
      post(n.query, fake.signedNotification(pix.txid, { secret: 'not-the-secret' }).headers),
      post(n.query, {
        ...n.headers,
        // One hex digit changed (to a different one: a '0' stays a '0' under a fixed swap).
        'x-signature': n.headers['x-signature']!.replace(/v1=(.)/, (_m, c: string) =>
          c === '0' ? 'v1=1' : 'v1=0',
        ),
      }),
      post(n.query, { ...n.headers, 'x-request-id': 'another-request' }),
      // A signature of this payment over another payment's notification body.
      post(n.query, n.headers, JSON.stringify({ type: 'payment', data: { id: '42' } })),
      // The signed query id swapped for another.
      post('?data.id=42&type=payment', n.headers),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'ERR_INVALID_SIGNATURE' });
    }
    expect(await invoiceRow(id)).toMatchObject({ status: 'open' });
    expect(await company(companyId)).toEqual(before);

    // Malformed bodies are refused before anything is read.
    const bad = await post(n.query, n.headers, JSON.stringify({ data: 'x' }));
    expect(bad.status).toBe(400);
    // The same notification, properly signed, pays: the refusals above were the signature's.
    expect(await (await fake.notify(webhook, pix.txid)).json()).toEqual({
      received: true,
      paid: true,
    });
  });

  it('ignores unknown charges, unpaid ones, and charges whose amount or id do not match the invoice', async () => {
    const companyId = aAdmin.user.companyId;
    const id = await invoice(companyId, addCalendarDays(TODAY, 190));
    const pix = (await (await checkout(aAdmin, id)).json()) as { txid: string };
    const before = await company(companyId);
    const ref = `atendo:${companyId}:${id}`;

    const unknown = await fake.notify(webhook, 987654321);
    expect(await unknown.json()).toEqual({ received: true, paid: false });
    const pending = await fake.notify(webhook, pix.txid);
    expect(await pending.json()).toEqual({ received: true, paid: false });
    const cheap = fake.addPayment({ transaction_amount: 1, external_reference: ref });
    expect(await (await fake.payAndNotify(webhook, cheap.id)).json()).toEqual({
      received: true,
      paid: false,
    });
    const other = fake.addPayment({ transaction_amount: 49, external_reference: ref });
    expect(await (await fake.payAndNotify(webhook, other.id)).json()).toEqual({
      received: true,
      paid: false,
    });
    const foreign = fake.addPayment({ transaction_amount: 49, external_reference: 'order-7' });
    expect(await (await fake.payAndNotify(webhook, foreign.id)).json()).toEqual({
      received: true,
      paid: false,
    });

    expect(await invoiceRow(id)).toMatchObject({ status: 'open', txId: pix.txid });
    expect(await company(companyId)).toEqual(before);
  });

  it('switches back on a company billing switched off for being overdue', async () => {
    const companyId = bAdmin.user.companyId;
    const due = addCalendarDays(TODAY, -4);
    await sql(
      t.databaseUrl,
      `UPDATE companies SET "dueDate" = $2, status = false, recurrence = 'TRIMESTRAL' WHERE id = $1`,
      [companyId, due],
    );
    const id = await invoice(companyId, due);
    const b = await t.login('admin@pix-b.io', 'segredo1');
    const pix = (await (await checkout(b, id, { users: 3, connections: 3 })).json()) as {
      txid: string;
    };
    expect(await (await fake.payAndNotify(webhook, pix.txid)).json()).toEqual({
      received: true,
      paid: true,
    });
    expect(await company(companyId)).toEqual({
      dueDate: advanceDueDate(due, 'TRIMESTRAL'),
      status: true,
    });
  });

  it('never puts the access token or the webhook secret in a response or a log line', async () => {
    const id = await invoice(aAdmin.user.companyId, addCalendarDays(TODAY, 220));
    const texts = [
      await (await checkout(aAdmin, id)).text(),
      await (await fake.notify(webhook, 1)).text(),
      await (
        await fetch(`${webhook}?data.id=1`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        })
      ).text(),
    ];
    expect(logs.length).toBeGreaterThan(0);
    for (const text of [...texts, ...logs]) {
      expect(text).not.toContain(fake.accessToken);
      expect(text).not.toContain(fake.webhookSecret);
    }
  });
});
