import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEMO_ADMIN, SUPER, startTestApi, type TestApi, type TestClient } from './support/api.js';

/**
 * Customers known only by a LID (issue 24, defect 4), from the session's side of the api:
 * WhatsApp (Baileys 7) names a person by a phone number and/or a LID, and tells the pair
 * later (`{ type: 'lid' }`). The person is one contact once the pair is known, whichever
 * arrived first, and a customer with no number known is answered at the LID.
 */

const INTERNAL = 'internal-service-token-for-tests';
type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let db: pg.Client;
let admin: Logged;
const A = { companyId: 0, connectionId: 0, token: '' };
const B = { companyId: 0, connectionId: 0, token: '' };
let seq = 0;
/** A fresh phone number and LID per person. */
const person = () => {
  seq++;
  return { phone: `55119${String(seq).padStart(8, '0')}`, lid: `7${Date.now()}${seq}` };
};

/** What the api published, to check the live updates of a merge. */
const published: { event: string; companyId: number; id: number }[] = [];

/** Posts a session event with a session's token; answers the pipeline's result. */
async function post(c: { token: string }, body: unknown) {
  const res = await fetch(`${t.url}/internal/sessions/me/events`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { messageId: number | null; ticketId: number | null };
}
const message = (
  contact: { number?: string; lid?: string; name?: string },
  body: string,
  timestamp?: number,
) => ({
  type: 'message',
  wid: `LID-${++seq}-${Date.now()}`,
  contact,
  kind: 'chat',
  body,
  ...(timestamp ? { timestamp } : {}),
});
const mapping = (p: { lid: string; phone: string }) => ({
  type: 'lid',
  lid: p.lid,
  number: p.phone,
});

const rows = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await db.query(text, params)).rows as T[];
type ContactRow = { id: number; name: string; number: string | null; lid: string | null };
/** The contacts of a company that are this person by number or LID. */
const contactsOf = (companyId: number, p: { lid: string; phone: string }) =>
  rows<ContactRow>(
    `SELECT id, name, number, lid FROM contacts
      WHERE "companyId" = $1 AND (lid = $2 OR number = $3) ORDER BY id`,
    [companyId, p.lid, p.phone],
  );
const ticket = async (id: number) =>
  (
    await rows<{
      contactId: number;
      status: string;
      unreadMessages: number;
      lastMessage: string;
      userId: number | null;
    }>(
      `SELECT "contactId", status, "unreadMessages", "lastMessage", "userId" FROM tickets WHERE id = $1`,
      [id],
    )
  )[0]!;
const activeTickets = (contactId: number) =>
  rows<{ id: number }>(
    `SELECT id FROM tickets WHERE "contactId" = $1
        AND status IN ('pending', 'open', 'group', 'nps', 'lgpd') ORDER BY id`,
    [contactId],
  );
const bodiesOf = async (ticketId: number) =>
  (
    await rows<{ body: string }>(
      `SELECT body FROM messages WHERE "ticketId" = $1 ORDER BY "createdAt", id`,
      [ticketId],
    )
  ).map((r) => r.body);

/** A stand-in session control server: records calls, answers `/messages` with a wid. */
const calls: { path: string; body: Record<string, unknown> }[] = [];
const CONTROL_KEY = 'control-key-of-lid-session-0123456789abcdef';
const control = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    calls.push({ path: req.url ?? '', body });
    if (req.headers.authorization !== `Bearer ${CONTROL_KEY}`) {
      res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    if (req.url === '/messages') {
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ wid: `3EB0LID${String(body.id)}` }));
      return;
    }
    res.writeHead(204).end();
  });
});

beforeAll(async () => {
  t = await startTestApi({ INTERNAL_TOKEN: INTERNAL });
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  const service = t.client(INTERNAL);
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const su = await t.login(SUPER.email, SUPER.password);
  const other = await su.call('companiesCreate', {
    body: { name: 'Empresa LID B', email: 'admin@lid-b.io', password: 'segredo1', planId: 1 },
  });
  for (const [c, companyId, name] of [
    [A, admin.user.companyId, 'lid-a'],
    [B, other.id, 'lid-b'],
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
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  const status = await fetch(`${t.url}/internal/sessions/me/status`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${A.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 'CONNECTED', endpoint, controlKey: CONTROL_KEY }),
  });
  expect(status.status).toBe(200);
  t.api.ctx.events.on('contact.deleted', ({ companyId, contactId }) => {
    published.push({ event: 'contact.deleted', companyId, id: contactId });
  });
  t.api.ctx.events.on('contact.updated', ({ companyId, contact }) => {
    published.push({ event: 'contact.updated', companyId, id: contact.id });
  });
  t.api.ctx.events.on('ticket.updated', ({ companyId, ticketId }) => {
    published.push({ event: 'ticket.updated', companyId, id: ticketId });
  });
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => control.close(() => resolve()));
  await db?.end();
  await t?.close();
});

describe('the merge covers every row that names a contact', () => {
  it('knows every foreign key to contacts', async () => {
    // A new table naming contacts must be merged too (merge-contacts.ts), or its rows would
    // go with the deleted contact (or lose it).
    const fks = await rows<{ table: string }>(
      `SELECT DISTINCT conrelid::regclass::text AS table FROM pg_constraint
        WHERE contype = 'f' AND confrelid = 'contacts'::regclass ORDER BY 1`,
    );
    expect(fks.map((r) => r.table)).toEqual([
      'campaign_shippings',
      'contact_custom_fields',
      'contact_tags',
      'messages',
      'scheduled_messages',
      'ticket_notes',
      'tickets',
    ]);
  });
});

describe('a LID-only customer, then the same person by number, then the mapping', () => {
  it('ends as ONE contact with the number and the LID, holding every ticket, message and row', async () => {
    const p = person();
    // Company B has a person with the same LID and number: theirs, never touched by A's events.
    await post(B, message({ lid: p.lid, name: 'Outra' }, 'de B pelo lid'));
    await post(B, message({ number: p.phone, name: 'Outra' }, 'de B pelo número'));
    const bBefore = await contactsOf(B.companyId, p);
    expect(bBefore).toHaveLength(2);

    const byLid = await post(A, message({ lid: p.lid, name: 'Lia' }, 'oi pelo lid'));
    const byPhone = await post(
      A,
      message({ number: p.phone, name: 'Lia Souza' }, 'oi pelo número'),
    );
    expect(byPhone.ticketId).not.toBe(byLid.ticketId);
    const [lidContact, phoneContact] = await contactsOf(A.companyId, p);
    expect(lidContact).toMatchObject({ number: null, lid: p.lid, name: 'Lia' });
    expect(phoneContact).toMatchObject({ number: p.phone, lid: null, name: 'Lia Souza' });

    // What attendants hung on the LID contact: a tag, extra info, a note, a schedule.
    const [tag] = await rows<{ id: number }>(
      `INSERT INTO tags ("companyId", name, color) VALUES ($1, $2, '#123456') RETURNING id`,
      [A.companyId, `vip-${p.lid}`],
    );
    await db.query(
      `INSERT INTO contact_tags ("contactId", "tagId", "companyId") VALUES ($1, $2, $3)`,
      [lidContact!.id, tag!.id, A.companyId],
    );
    await db.query(
      `INSERT INTO contact_custom_fields ("companyId", "contactId", name, value) VALUES ($1, $2, 'cpf', '123')`,
      [A.companyId, lidContact!.id],
    );
    await db.query(
      `INSERT INTO ticket_notes ("companyId", note, "contactId", "ticketId") VALUES ($1, 'nota', $2, $3)`,
      [A.companyId, lidContact!.id, byLid.ticketId],
    );
    await db.query(
      `INSERT INTO scheduled_messages ("companyId", body, "contactId", "sendAt") VALUES ($1, 'lembrete', $2, now() + interval '1 day')`,
      [A.companyId, lidContact!.id],
    );
    published.length = 0;

    await post(A, mapping(p));

    const after = await contactsOf(A.companyId, p);
    expect(after).toEqual([
      { id: phoneContact!.id, name: 'Lia Souza', number: p.phone, lid: p.lid },
    ]);
    const keptId = phoneContact!.id;
    for (const id of [byLid.ticketId!, byPhone.ticketId!])
      expect((await ticket(id)).contactId).toBe(keptId);
    expect(
      await rows(`SELECT DISTINCT "contactId" FROM messages WHERE id = ANY($1::int[])`, [
        [byLid.messageId, byPhone.messageId],
      ]),
    ).toEqual([{ contactId: keptId }]);
    for (const table of [
      'contact_tags',
      'contact_custom_fields',
      'ticket_notes',
      'scheduled_messages',
    ])
      expect(
        (await rows(`SELECT 1 FROM ${table} WHERE "contactId" = $1`, [keptId])).length,
        table,
      ).toBe(1);
    expect(await rows(`SELECT 1 FROM contacts WHERE id = $1`, [lidContact!.id])).toEqual([]);
    expect(published).toEqual(
      expect.arrayContaining([
        { event: 'contact.deleted', companyId: A.companyId, id: lidContact!.id },
        { event: 'contact.updated', companyId: A.companyId, id: keptId },
        { event: 'ticket.updated', companyId: A.companyId, id: byLid.ticketId },
      ]),
    );

    // Again: nothing more to do, nothing changes, nothing published.
    const snapshot = await rows(
      `SELECT id, "contactId", status, "unreadMessages", "lastMessage" FROM tickets WHERE "contactId" = $1 ORDER BY id`,
      [keptId],
    );
    published.length = 0;
    await post(A, mapping(p));
    expect(await contactsOf(A.companyId, p)).toEqual(after);
    expect(
      await rows(
        `SELECT id, "contactId", status, "unreadMessages", "lastMessage" FROM tickets WHERE "contactId" = $1 ORDER BY id`,
        [keptId],
      ),
    ).toEqual(snapshot);
    expect(published).toEqual([]);

    // Company B: untouched by A's mapping; its own mapping merges its own contacts only.
    expect(await contactsOf(B.companyId, p)).toEqual(bBefore);
    expect(
      await rows(`SELECT 1 FROM lid_mappings WHERE "companyId" = $1 AND lid = $2`, [
        B.companyId,
        p.lid,
      ]),
    ).toEqual([]);
    await post(B, mapping(p));
    expect(await contactsOf(B.companyId, p)).toEqual([
      { id: bBefore[1]!.id, name: 'Outra', number: p.phone, lid: p.lid },
    ]);
    expect(await contactsOf(A.companyId, p)).toEqual(after);
    expect((await ticket(byLid.ticketId!)).contactId).toBe(keptId);
  });
});

describe('the mapping first', () => {
  it('puts a LID-only message on the number contact, with no second contact', async () => {
    const p = person();
    const first = await post(A, message({ number: p.phone, name: 'Rui' }, 'pelo número'));
    await post(A, mapping(p));
    expect(await contactsOf(A.companyId, p)).toEqual([
      expect.objectContaining({ number: p.phone, lid: p.lid, name: 'Rui' }),
    ]);
    const viaLid = await post(A, message({ lid: p.lid }, 'pelo lid'));
    expect(viaLid.ticketId).toBe(first.ticketId);
    expect(await contactsOf(A.companyId, p)).toHaveLength(1);

    // Nobody known yet: the LID-only message creates the number's contact, with its LID.
    const q = person();
    await post(A, mapping(q));
    const r = await post(A, message({ lid: q.lid, name: 'Nova' }, 'primeira'));
    const [c] = await contactsOf(A.companyId, q);
    expect(c).toMatchObject({ number: q.phone, lid: q.lid, name: 'Nova' });
    expect((await ticket(r.ticketId!)).contactId).toBe(c!.id);
    expect(await contactsOf(A.companyId, q)).toHaveLength(1);
  });
});

describe('two active tickets, one person', () => {
  it("keeps the number contact's ticket with every message in order and closes the other", async () => {
    const p = person();
    const ts = Math.floor(Date.now() / 1000) - 600;
    const k1 = await post(A, message({ number: p.phone, name: 'Bia' }, 'um', ts + 1));
    const r2 = await post(A, message({ lid: p.lid, name: 'Bia' }, 'dois', ts + 2));
    await post(A, message({ number: p.phone, name: 'Bia' }, 'três', ts + 3));
    await post(A, message({ lid: p.lid, name: 'Bia' }, 'quatro', ts + 4));
    expect(k1.ticketId).not.toBe(r2.ticketId);
    const [lidContact] = (await contactsOf(A.companyId, p)).filter((c) => !c.number);

    await post(A, mapping(p));

    const [kept, ...others] = await contactsOf(A.companyId, p);
    expect(others).toEqual([]);
    expect(kept).toMatchObject({ number: p.phone, lid: p.lid });
    expect(await activeTickets(kept!.id)).toEqual([{ id: k1.ticketId }]);
    expect(await bodiesOf(k1.ticketId!)).toEqual(['um', 'dois', 'três', 'quatro']);
    expect(await ticket(k1.ticketId!)).toMatchObject({
      status: 'pending',
      unreadMessages: 4,
      lastMessage: 'quatro',
      contactId: kept!.id,
    });
    expect(await ticket(r2.ticketId!)).toMatchObject({
      status: 'closed',
      unreadMessages: 0,
      contactId: kept!.id,
    });
    expect(await bodiesOf(r2.ticketId!)).toEqual([]);
    expect(
      await rows(`SELECT type FROM logs_tickets WHERE "ticketId" = $1 AND type = 'closed'`, [
        r2.ticketId,
      ]),
    ).toHaveLength(1);
    expect(await rows(`SELECT 1 FROM contacts WHERE id = $1`, [lidContact!.id])).toEqual([]);
    // The next message by either identity lands on that one ticket.
    expect((await post(A, message({ lid: p.lid }, 'cinco'))).ticketId).toBe(k1.ticketId);
    expect((await post(A, message({ number: p.phone }, 'seis'))).ticketId).toBe(k1.ticketId);
  });

  it('keeps the ticket an attendant holds when only the LID contact’s is open', async () => {
    const p = person();
    const k = await post(A, message({ number: p.phone, name: 'Caio' }, 'pelo número'));
    const r = await post(A, message({ lid: p.lid, name: 'Caio' }, 'pelo lid'));
    await db.query(`UPDATE tickets SET status = 'open', "userId" = $2 WHERE id = $1`, [
      r.ticketId,
      admin.user.id,
    ]);
    await post(A, mapping(p));
    const [kept, ...others] = await contactsOf(A.companyId, p);
    expect(others).toEqual([]);
    expect(await activeTickets(kept!.id)).toEqual([{ id: r.ticketId }]);
    expect(await ticket(r.ticketId!)).toMatchObject({ status: 'open', userId: admin.user.id });
    expect(await ticket(k.ticketId!)).toMatchObject({ status: 'closed', contactId: kept!.id });
    expect(await bodiesOf(r.ticketId!)).toEqual(['pelo número', 'pelo lid']);
  });
});

describe('merging at message time', () => {
  it('merges when a message comes with both the number and the LID', async () => {
    const p = person();
    const k = await post(A, message({ number: p.phone, name: 'Davi' }, 'a'));
    const r = await post(A, message({ lid: p.lid, name: 'Davi' }, 'b'));
    const lidOnly = (await contactsOf(A.companyId, p)).find((c) => c.number === null)!;
    published.length = 0;
    const both = await post(A, message({ number: p.phone, lid: p.lid, name: 'Davi' }, 'c'));
    const [kept, ...others] = await contactsOf(A.companyId, p);
    expect(others).toEqual([]);
    // The consoles hear of it once the message's transaction committed.
    expect(published).toContainEqual({
      event: 'contact.deleted',
      companyId: A.companyId,
      id: lidOnly.id,
    });
    expect(published).toContainEqual({
      event: 'ticket.updated',
      companyId: A.companyId,
      id: r.ticketId,
    });
    expect(kept).toMatchObject({ number: p.phone, lid: p.lid });
    expect(both.ticketId).toBe(k.ticketId);
    expect(await activeTickets(kept!.id)).toEqual([{ id: k.ticketId }]);
    expect(await bodiesOf(k.ticketId!)).toEqual(['a', 'b', 'c']);
    expect((await ticket(r.ticketId!)).status).toBe('closed');
  });

  it('heals a split left from before: a LID-only message whose mapping is known', async () => {
    const p = person();
    const k = await post(A, message({ number: p.phone, name: 'Eva' }, 'x'));
    await post(A, message({ lid: p.lid, name: 'Eva' }, 'y'));
    // The mapping as the old code kept it: remembered, the two contacts left apart.
    await db.query(`INSERT INTO lid_mappings ("companyId", lid, number) VALUES ($1, $2, $3)`, [
      A.companyId,
      p.lid,
      p.phone,
    ]);
    expect(await contactsOf(A.companyId, p)).toHaveLength(2);
    const z = await post(A, message({ lid: p.lid }, 'z'));
    expect(z.ticketId).toBe(k.ticketId);
    expect(await contactsOf(A.companyId, p)).toHaveLength(1);
    expect(await bodiesOf(k.ticketId!)).toEqual(['x', 'y', 'z']);
  });
});

describe('answering a LID-only customer', () => {
  it('sends to <lid>@lid through the session, and edits and deletes there too', async () => {
    const p = person();
    const r = await post(A, message({ lid: p.lid, name: 'Sem Número' }, 'me responde?'));
    const sent = await admin.call('messagesStore', {
      params: { ticketId: r.ticketId! },
      body: { body: 'Resposta ao lid' },
    });
    const messageId = sent.messages[0]!.id as number;
    await expect
      .poll(
        async () =>
          (await rows<{ ack: number }>(`SELECT ack FROM messages WHERE id = $1`, [messageId]))[0]!
            .ack,
        { timeout: 5000 },
      )
      .toBe(1);
    const call = calls.find((c) => c.path === '/messages' && c.body.body === 'Resposta ao lid')!;
    expect(call.body.to).toEqual({ number: `${p.lid}@lid`, isGroup: false });

    await admin.call('messagesEdit', { params: { messageId }, body: { body: 'Editada' } });
    await admin.call('messagesDelete', { params: { messageId } });
    await expect
      .poll(() => calls.filter((c) => /^\/messages\/(edit|delete)$/.test(c.path)).length, {
        timeout: 5000,
      })
      .toBe(2);
    for (const c of calls.filter((x) => /^\/messages\/(edit|delete)$/.test(x.path)))
      expect(c.body.to).toEqual({ number: `${p.lid}@lid`, isGroup: false });

    // No number and no LID: still refused.
    const adapter = t.api.ctx.channels.for('whatsapp');
    await expect(
      adapter.send({
        messageId,
        companyId: A.companyId,
        ticketId: r.ticketId!,
        whatsappId: A.connectionId,
        channel: 'whatsapp',
        to: { contactId: 0, number: null, isGroup: false, lid: null },
        body: 'x',
        mediaType: null,
        mediaFile: null,
        quotedWid: null,
      }),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
  });
});
