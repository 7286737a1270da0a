import { io, type Socket } from 'socket.io-client';
import { resumePendingSends } from '@atendo/core/modules/messages/resume-pending-sends.js';
import { compactTicketCounts } from '@atendo/core/modules/tickets/ticket-counts.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LocalChannelAdapter,
  singleAdapterRegistry,
} from '@atendo/core/channels/channel-adapter.js';
import {
  apiError,
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { sql } from './support/sql.js';
import { PNG_1X1, postFile } from './support/upload.js';

type Logged = TestClient & { user: { id: number; companyId: number } };
let t: TestApi;
let admin: Logged;
let agent: Logged;
/** The local adapter, refusing the next `failures` sends (a channel that is down). */
class FlakyAdapter extends LocalChannelAdapter {
  failures = 0;
  override async send(m: Parameters<LocalChannelAdapter['send']>[0]) {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('channel down');
    }
    return super.send(m);
  }
}
const adapter = new FlakyAdapter();
const A = { companyId: 0, q1: 0, q2: 0, wa: 0, waOff: 0 };
let contactSeq = 0;

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<T>(t.databaseUrl, text, params);

async function contact(name = `Cliente ${++contactSeq}`, companyId = A.companyId): Promise<number> {
  const [row] = await q<{ id: number }>(
    `INSERT INTO contacts ("companyId", name, number, channel) VALUES ($1, $2, $3, 'whatsapp') RETURNING id`,
    [companyId, name, `55119${String(Date.now()).slice(-8)}${contactSeq}`],
  );
  return row!.id;
}

/** A ticket inserted as the inbound pipeline would leave it: pending, in a queue. */
async function pendingTicket(
  o: {
    queueId?: number | null;
    userId?: number | null;
    status?: string;
    companyId?: number;
    whatsappId?: number;
  } = {},
) {
  const companyId = o.companyId ?? A.companyId;
  const contactId = await contact(undefined, companyId);
  const [row] = await q<{ id: number; uuid: string }>(
    `INSERT INTO tickets ("companyId", "contactId", "whatsappId", "queueId", "userId", status, protocol, "unreadMessages", "lastMessage")
     VALUES ($1, $2, $3, $4, $5, $6, 'p' || gen_random_uuid(), 2, 'Oi') RETURNING id, uuid`,
    [
      companyId,
      contactId,
      o.whatsappId ?? A.wa,
      o.queueId === undefined ? A.q1 : o.queueId,
      o.userId ?? null,
      o.status ?? 'pending',
    ],
  );
  await q(
    `INSERT INTO ticket_traking ("companyId", "ticketId", "queuedAt") VALUES ($1, $2, now() - interval '5 minutes')`,
    [companyId, row!.id],
  );
  return { id: row!.id, uuid: row!.uuid, contactId };
}

const setting = (key: string, value: string, c: Logged = admin) =>
  c.call('settingsUpdate', { params: { key }, body: { value } });

beforeAll(async () => {
  t = await startTestApi({}, { channels: singleAdapterRegistry(adapter) });
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  A.companyId = admin.user.companyId;
  const queues = await q<{ id: number }>(
    `SELECT id FROM queues WHERE "companyId" = $1 ORDER BY "orderQueue"`,
    [A.companyId],
  );
  A.q1 = queues[0]!.id;
  A.q2 = queues[1]!.id;
  const [wa] = await q<{ id: number }>(
    `INSERT INTO whatsapps ("companyId", name, status, "isDefault", "complationMessage", "ratingMessage")
     VALUES ($1, 'Loja', 'CONNECTED', true, 'Obrigado, {{firstName}}!', 'Avalie de 0 a 10') RETURNING id`,
    [A.companyId],
  );
  const [off] = await q<{ id: number }>(
    `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, 'Desligada', 'DISCONNECTED') RETURNING id`,
    [A.companyId],
  );
  A.wa = wa!.id;
  A.waOff = off!.id;
});
afterAll(() => t?.close());

const logs = async (ticketId: number) =>
  (
    await q<{ type: string }>(`SELECT type FROM logs_tickets WHERE "ticketId" = $1 ORDER BY id`, [
      ticketId,
    ])
  ).map((r) => r.type);
const row = async (ticketId: number) =>
  (
    await q<{
      status: string;
      userId: number | null;
      queueId: number | null;
      isTransfered: boolean;
      whatsappId: number;
    }>(
      `SELECT status, "userId", "queueId", "isTransfered", "whatsappId" FROM tickets WHERE id = $1`,
      [ticketId],
    )
  )[0]!;
const sentTo = (ticketId: number) =>
  adapter.sent.filter((s) => s.ticketId === ticketId).map((s) => s.body);

describe('creating tickets', () => {
  it('opens a ticket for the caller with a protocol, a create log and a tracking cycle', async () => {
    const contactId = await contact('Maria Souza');
    const ticket = await agent.call('ticketsCreate', {
      body: { contactId, queueId: A.q1, status: 'open', userId: agent.user.id },
    });
    expect(ticket).toMatchObject({
      status: 'open',
      userId: agent.user.id,
      queueId: A.q1,
      whatsappId: A.wa,
      contact: { name: 'Maria Souza' },
    });
    expect(ticket.protocol).toMatch(/^\d{8}\d{6}$/);
    expect(await logs(ticket.id)).toEqual(['create']);
    const [track] = await q<{ queuedAt: Date; startedAt: Date }>(
      `SELECT "queuedAt", "startedAt" FROM ticket_traking WHERE "ticketId" = $1`,
      [ticket.id],
    );
    expect(track!.startedAt).not.toBeNull();
  });

  it("dates the protocol by the company's calendar, not the server's", async () => {
    // A zone whose day differs from UTC's right now.
    const zone = new Date().getUTCHours() < 11 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const day = (timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date()).replace(/-/g, '');
    await q(`UPDATE companies SET timezone = $1 WHERE id = $2`, [zone, A.companyId]);
    try {
      const ticket = await admin.call('ticketsCreate', {
        body: { contactId: await contact(), queueId: A.q1, status: 'open' },
      });
      expect(day(zone)).not.toBe(day('UTC'));
      expect(ticket.protocol!.slice(0, 8)).toBe(day(zone));
    } finally {
      await q(`UPDATE companies SET timezone = 'America/Sao_Paulo' WHERE id = $1`, [A.companyId]);
    }
  });

  it('a second ticket for the same contact and connection names the holder', async () => {
    const contactId = await contact();
    const first = await admin.call('ticketsCreate', {
      body: { contactId, queueId: A.q1, status: 'open' },
    });
    const err = await apiError(() =>
      agent.call('ticketsCreate', { body: { contactId, queueId: A.q1, status: 'open' } }),
    );
    expect(err.status).toBe(409);
    expect(err.body).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      data: {
        uuid: first.uuid,
        userId: admin.user.id,
        user: { name: expect.any(String) },
        queue: { id: A.q1, name: expect.any(String) },
      },
    });
  });

  it('concurrent creates for one contact make exactly one ticket', async () => {
    const contactId = await contact();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? admin : agent).raw('POST', '/tickets', {
          contactId,
          queueId: A.q1,
          status: 'open',
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const [{ n }] = (await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM tickets WHERE "contactId" = $1`,
      [contactId],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('refuses an unknown contact and a queue the agent is not in', async () => {
    expect(
      (await apiError(() => agent.call('ticketsCreate', { body: { contactId: 999999 } }))).code,
    ).toBe('ERR_NO_CONTACT_FOUND');
    const contactId = await contact();
    expect(
      (await apiError(() => agent.call('ticketsCreate', { body: { contactId, queueId: A.q2 } })))
        .code,
    ).toBe('ERR_NO_PERMISSION');
  });
});

describe('the ticket list', () => {
  it('shows an agent the waiting tickets of their queues and their own, never others', async () => {
    const mine = await pendingTicket({ queueId: A.q1 });
    const otherQueue = await pendingTicket({ queueId: A.q2 });
    const noQueue = await pendingTicket({ queueId: null });
    const adminsOpen = await pendingTicket({
      queueId: A.q1,
      userId: admin.user.id,
      status: 'open',
    });
    const pending = await agent.call('ticketsIndex', { query: { status: 'pending' } });
    const ids = pending.tickets.map((x) => x.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(otherQueue.id);
    expect(ids).not.toContain(noQueue.id);
    const open = await agent.call('ticketsIndex', { query: { status: 'open', showAll: true } });
    expect(open.tickets.map((x) => x.id)).not.toContain(adminsOpen.id);
    // The admin's show-all sees every queue and the tickets without one.
    const all = await admin.call('ticketsIndex', { query: { status: 'pending', showAll: true } });
    expect(all.tickets.map((x) => x.id)).toEqual(
      expect.arrayContaining([mine.id, otherQueue.id, noQueue.id]),
    );
    expect(all.count).toBeGreaterThanOrEqual(3);
    // Not allowed to open what it cannot list.
    expect(
      (
        await apiError(() =>
          agent.call('ticketsShowUuid', { params: { ticketId: otherQueue.uuid } }),
        )
      ).status,
    ).toBe(404);
    // Nor to note, tag or read the log of.
    expect(
      (await agent.raw('POST', '/ticket-notes', { note: 'espiando', ticketId: otherQueue.id }))
        .status,
    ).toBe(404);
    const [tag] = await q<{ id: number }>(
      `INSERT INTO tags ("companyId", name, kanban) VALUES ($1, 'Lane X', 1) RETURNING id`,
      [A.companyId],
    );
    expect((await agent.raw('PUT', `/ticket-tags/${otherQueue.id}/${tag!.id}`)).status).toBe(404);
    expect((await agent.raw('GET', `/tickets-log/${otherQueue.id}`)).status).toBe(404);
    // Nor to read the notes written on it through its contact.
    await admin.call('ticketNotesCreate', {
      body: { note: 'Só da fila 2', ticketId: otherQueue.id },
    });
    expect(
      await agent.call('ticketNotesList', { query: { contactId: otherQueue.contactId } }),
    ).toEqual([]);
    expect(
      (await admin.call('ticketNotesList', { query: { contactId: otherQueue.contactId } })).map(
        (n) => n.note,
      ),
    ).toEqual(['Só da fila 2']);
    // allTicket shows the tickets without a queue.
    await q(`UPDATE users SET "allTicket" = 'enable' WHERE id = $1`, [agent.user.id]);
    const withAll = await agent.call('ticketsIndex', { query: { status: 'pending' } });
    expect(withAll.tickets.map((x) => x.id)).toContain(noQueue.id);
    await q(`UPDATE users SET "allTicket" = 'disable' WHERE id = $1`, [agent.user.id]);
  });

  it('pages by 40 with count and hasMore, searches and filters unread', async () => {
    const contactId = await contact('Zélia Pesquisável');
    const [found] = await q<{ id: number }>(
      `INSERT INTO tickets ("companyId", "contactId", "whatsappId", "queueId", status, protocol, "unreadMessages")
       VALUES ($1, $2, $3, $4, 'pending', 'x' || gen_random_uuid(), 0) RETURNING id`,
      [A.companyId, contactId, A.wa, A.q1],
    );
    await q(
      `INSERT INTO tickets ("companyId", "contactId", "whatsappId", "queueId", status, protocol)
       SELECT $1, c.id, NULL, $2, 'closed', 'bulk' || c.id FROM contacts c WHERE false`,
      [A.companyId, A.q1],
    );
    for (let i = 0; i < 45; i++) await pendingTicket({ queueId: A.q2 });
    const page1 = await admin.call('ticketsIndex', { query: { status: 'pending', showAll: true } });
    expect(page1.tickets).toHaveLength(40);
    expect(page1.hasMore).toBe(true);
    const page2 = await admin.call('ticketsIndex', {
      query: { status: 'pending', showAll: true, pageNumber: 2 },
    });
    expect(page2.hasMore).toBe(false);
    expect(page1.count).toBe(page2.count);
    expect(new Set([...page1.tickets, ...page2.tickets].map((x) => x.id)).size).toBe(page1.count);
    const search = await admin.call('ticketsIndex', {
      query: { status: 'search', searchParam: 'zélia pesq' },
    });
    expect(search.tickets.map((x) => x.id)).toEqual([found!.id]);
    const unread = await admin.call('ticketsIndex', {
      query: { status: 'pending', showAll: true, withUnreadMessages: true },
    });
    expect(unread.tickets.every((x) => x.unreadMessages > 0)).toBe(true);
    expect(unread.tickets.map((x) => x.id)).not.toContain(found!.id);
    const queued = await admin.call('ticketsIndex', {
      query: { status: 'pending', showAll: true, queueIds: JSON.stringify([A.q1]) as never },
    });
    expect(queued.tickets.every((x) => x.queueId === A.q1)).toBe(true);
  });

  it('shows at once what changed on a listed ticket, its contact, queue, tags and owner', async () => {
    const p = await pendingTicket({ queueId: A.q1 });
    const listed = async () => {
      const page = await admin.call('ticketsIndex', {
        query: { status: 'pending', showAll: true },
      });
      return page.tickets.find((x) => x.id === p.id)!;
    };
    // Both answers' times, as instants (PostgreSQL writes microseconds and an offset).
    const instants = <T extends { createdAt: unknown; updatedAt: unknown }>(v: T) => ({
      ...v,
      createdAt: new Date(String(v.createdAt)).toISOString(),
      updatedAt: new Date(String(v.updatedAt)).toISOString(),
    });
    const shown = async () =>
      instants(await admin.call('ticketsShowUuid', { params: { ticketId: p.uuid } }));
    // The list assembles each row from kept parts: the same view a ticket's own route answers.
    expect(instants(await listed())).toEqual(await shown());
    expect((await listed()).contact?.name).toMatch(/^Cliente/);
    await q(`UPDATE contacts SET name = 'Renomeado' WHERE id = $1`, [p.contactId]);
    expect((await listed()).contact?.name).toBe('Renomeado');
    await q(`UPDATE tickets SET "lastMessage" = 'nova mensagem' WHERE id = $1`, [p.id]);
    expect((await listed()).lastMessage).toBe('nova mensagem');
    const [tag] = await q<{ id: number }>(
      `INSERT INTO tags ("companyId", name, color) VALUES ($1, 'VIP lista', '#ff0000') RETURNING id`,
      [A.companyId],
    );
    await admin.raw('PUT', `/ticket-tags/${p.id}/${tag!.id}`);
    expect((await listed()).tags).toEqual([{ id: tag!.id, name: 'VIP lista', color: '#ff0000' }]);
    await q(`UPDATE tags SET name = 'VIP renomeada' WHERE id = $1`, [tag!.id]);
    expect((await listed()).tags).toMatchObject([{ name: 'VIP renomeada' }]);
    const [queue] = await q<{ name: string }>(`SELECT name FROM queues WHERE id = $1`, [A.q1]);
    await q(`UPDATE queues SET name = 'Fila renomeada' WHERE id = $1`, [A.q1]);
    expect((await listed()).queue).toMatchObject({ id: A.q1, name: 'Fila renomeada' });
    await q(`UPDATE queues SET name = $2 WHERE id = $1`, [A.q1, queue!.name]);
    await q(`UPDATE tickets SET "userId" = $2, status = 'pending' WHERE id = $1`, [
      p.id,
      agent.user.id,
    ]);
    expect(await listed()).toMatchObject({ userId: agent.user.id, user: { id: agent.user.id } });
    await q(`DELETE FROM ticket_tags WHERE "ticketId" = $1`, [p.id]);
    await q(`UPDATE tickets SET "userId" = NULL WHERE id = $1`, [p.id]);
    expect(await listed()).toMatchObject({ tags: [], userId: null, user: null });
    expect(instants(await listed())).toEqual(await shown());
  });

  it('the group tab needs allowGroup; junk filters are refused', async () => {
    expect(
      (await apiError(() => agent.call('ticketsIndex', { query: { status: 'group' } }))).code,
    ).toBe('ERR_NO_PERMISSION');
    for (const query of [
      'queueIds=abc',
      'pageNumber=-1',
      'status=deleted',
      'sortTickets=UP',
      'tags=[1,"x"]',
    ]) {
      const res = await admin.raw('GET', `/tickets?${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});

describe('transitions', () => {
  it('accept assigns the caller, logs open, starts the clock and greets when set', async () => {
    await setting('sendGreetingAccepted', 'enabled');
    await setting('greetingAcceptedMessage', '{{greeting}} {{firstName}}, sou {{userName}}.');
    const p = await pendingTicket({ queueId: A.q1 });
    const ticket = await agent.call('ticketsUpdate', {
      params: { id: p.id },
      body: { status: 'open', userId: agent.user.id },
    });
    expect(ticket).toMatchObject({ status: 'open', userId: agent.user.id });
    expect(await logs(p.id)).toEqual(['open']);
    const [track] = await q<{ startedAt: Date | null }>(
      `SELECT "startedAt" FROM ticket_traking WHERE "ticketId" = $1`,
      [p.id],
    );
    expect(track!.startedAt).not.toBeNull();
    expect(sentTo(p.id)).toEqual([
      expect.stringMatching(/^(Bom dia|Boa tarde|Boa noite) Cliente, sou Demo Agent/),
    ]);
    // A second agent accepting it now gets the holder, not the ticket.
    const err = await apiError(() =>
      admin.call('ticketsUpdate', {
        params: { id: p.id },
        body: { status: 'open', userId: admin.user.id },
      }),
    );
    expect(err.code).toBe('ERR_OTHER_OPEN_TICKET');
    await setting('sendGreetingAccepted', 'disabled');
  });

  it('transfer leaves a private note, tells the contact when set, and refuses a disconnected connection', async () => {
    await setting('sendMsgTransfTicket', 'enabled');
    await setting('transferMessage', 'Você foi transferido para {{queue}}.');
    const p = await pendingTicket({ queueId: A.q1 });
    await agent.call('ticketsUpdate', {
      params: { id: p.id },
      body: { status: 'open', userId: agent.user.id },
    });
    const refused = await apiError(() =>
      agent.call('ticketsUpdate', {
        params: { id: p.id },
        body: { whatsappId: A.waOff, queueId: A.q2, isTransfered: true },
      }),
    );
    expect(refused.code).toBe('ERR_CONNECTION_DISCONNECTED');
    const moved = await agent.call('ticketsUpdate', {
      params: { id: p.id },
      body: {
        status: 'pending',
        userId: admin.user.id,
        queueId: A.q2,
        isTransfered: true,
        msgTransfer: 'Cliente VIP',
      },
    });
    expect(moved).toMatchObject({
      status: 'pending',
      userId: admin.user.id,
      queueId: A.q2,
      isTransfered: true,
    });
    expect(await logs(p.id)).toEqual(['open', 'transfered', 'receivedTransfer']);
    const messages = await q<{ body: string; isPrivate: boolean }>(
      `SELECT body, "isPrivate" FROM messages WHERE "ticketId" = $1 ORDER BY id`,
      [p.id],
    );
    expect(messages).toEqual([
      { body: expect.stringMatching(/Mensagem Privada:\*\nCliente VIP$/), isPrivate: true },
      { body: expect.stringMatching(/^Você foi transferido para /), isPrivate: false },
    ]);
    expect(sentTo(p.id)).toEqual([expect.stringMatching(/^Você foi transferido para /)]);
    // The agent lost it: it is neither listed for them nor theirs to act on.
    expect((await apiError(() => agent.call('ticketsShow', { params: { id: p.id } }))).status).toBe(
      404,
    );
    await setting('sendMsgTransfTicket', 'disabled');
  });

  it('close sends the farewell, requiredTag blocks untagged contacts, and userRating asks for a rating', async () => {
    const p = await pendingTicket({ queueId: A.q1, userId: agent.user.id, status: 'open' });
    await setting('requiredTag', 'enabled');
    expect(
      (
        await apiError(() =>
          agent.call('ticketsUpdate', { params: { id: p.id }, body: { status: 'closed' } }),
        )
      ).code,
    ).toBe('ERR_TICKET_TAG_REQUIRED');
    await setting('requiredTag', 'disabled');
    const closed = await agent.call('ticketsUpdate', {
      params: { id: p.id },
      body: { status: 'closed', userId: agent.user.id },
    });
    expect(closed.status).toBe('closed');
    expect(sentTo(p.id)).toEqual(['Obrigado, Cliente!']);
    expect(await logs(p.id)).toEqual(['closed']);

    await setting('userRating', 'enabled');
    const r = await pendingTicket({ queueId: A.q1, userId: agent.user.id, status: 'open' });
    const asked = await agent.call('ticketsUpdate', {
      params: { id: r.id },
      body: { status: 'closed' },
    });
    expect(asked.status).toBe('nps');
    expect(sentTo(r.id)).toEqual(['Avalie de 0 a 10']);
    await setting('userRating', 'disabled');
  });

  it('reopen returns the other active ticket when the contact has one', async () => {
    const p = await pendingTicket({ queueId: A.q1, userId: agent.user.id, status: 'closed' });
    const reopened = await agent.call('ticketsUpdate', {
      params: { id: p.id },
      body: { status: 'open', userId: agent.user.id },
    });
    expect(reopened).toMatchObject({ id: p.id, status: 'open' });
    expect(await logs(p.id)).toEqual(['reopen']);
    // Opening it leaves an access entry naming who looked.
    await admin.call('ticketsShow', { params: { id: p.id } });
    expect(await logs(p.id)).toEqual(['reopen', 'access']);
    await agent.call('ticketsUpdate', {
      params: { id: p.id },
      body: { status: 'closed', sendFarewellMessage: false },
    });
    const [other] = await q<{ id: number }>(
      `INSERT INTO tickets ("companyId", "contactId", "whatsappId", "queueId", "userId", status, protocol)
       VALUES ($1, $2, $3, $4, $5, 'open', 'o' || gen_random_uuid()) RETURNING id`,
      [A.companyId, p.contactId, A.wa, A.q1, admin.user.id],
    );
    const answer = await agent.call('ticketsUpdate', {
      params: { id: p.id },
      body: { status: 'open', userId: agent.user.id },
    });
    expect(answer.id).toBe(other!.id);
    expect((await row(p.id)).status).toBe('closed');
  });

  it('return to queue, ignore and delete follow their permissions', async () => {
    const p = await pendingTicket({ queueId: A.q1, userId: agent.user.id, status: 'open' });
    const back = await agent.call('ticketsUpdate', {
      params: { id: p.id },
      body: { status: 'pending' },
    });
    expect(back).toMatchObject({ status: 'pending', userId: null });
    await q(`UPDATE users SET "userClosePendingTicket" = 'disabled' WHERE id = $1`, [
      agent.user.id,
    ]);
    expect((await apiError(() => agent.call('ticketsIgnore', { params: { id: p.id } }))).code).toBe(
      'ERR_NO_PERMISSION',
    );
    await q(`UPDATE users SET "userClosePendingTicket" = 'enabled' WHERE id = $1`, [agent.user.id]);
    expect((await agent.call('ticketsIgnore', { params: { id: p.id } })).status).toBe('closed');
    expect(sentTo(p.id)).toEqual([]);
    expect((await apiError(() => admin.call('ticketsDelete', { params: { id: p.id } }))).code).toBe(
      'ERR_TICKET_CLOSED',
    );
    const d = await pendingTicket({ queueId: A.q1 });
    expect((await apiError(() => agent.call('ticketsDelete', { params: { id: d.id } }))).code).toBe(
      'ERR_NO_PERMISSION',
    );
    await admin.call('ticketsDelete', { params: { id: d.id } });
    expect(await q(`SELECT id FROM tickets WHERE id = $1`, [d.id])).toEqual([]);
  });

  it('close all closes a tab (admins only)', async () => {
    const a = await pendingTicket({ queueId: A.q2 });
    expect(
      (
        await agent.raw('POST', '/tickets/closeAll', {
          status: 'pending',
          selectedQueueIds: [A.q2],
        })
      ).status,
    ).toBe(403);
    const res = await admin.call('ticketsCloseAll', {
      body: { status: 'pending', selectedQueueIds: [A.q2] },
    });
    expect(res.closed).toBeGreaterThanOrEqual(1);
    expect((await row(a.id)).status).toBe('closed');
    expect(await logs(a.id)).toEqual(['closed']);
  });
});

describe('messages', () => {
  it('sends, signs, keeps private notes off the channel, pages and marks read', async () => {
    const p = await pendingTicket({ queueId: A.q1, userId: agent.user.id, status: 'open' });
    const sent = await agent.call('messagesStore', {
      params: { ticketId: p.uuid },
      body: { body: 'Olá!', sendSignMessage: true },
    });
    expect(sent.messages[0]).toMatchObject({ fromMe: true, ack: 1, body: '*Demo Agent:*\nOlá!' });
    expect(sent.messages[0]!.wid).toMatch(/^local-/);
    await agent.call('messagesStore', {
      params: { ticketId: p.id },
      body: { body: 'nota', isPrivate: true },
    });
    expect(sentTo(p.id)).toEqual(['*Demo Agent:*\nOlá!']);
    expect((await agent.raw('POST', `/messages/${p.id}`, { body: '   ' })).status).toBe(400);
    for (let i = 0; i < 25; i++)
      await agent.call('messagesStore', { params: { ticketId: p.id }, body: { body: `m${i}` } });
    const first = await agent.call('messagesIndex', { params: { ticketId: p.uuid } });
    expect(first.messages).toHaveLength(20);
    expect(first.messages.at(-1)!.body).toBe('m24');
    expect(first.hasMore).toBe(true);
    expect(first.ticket.unreadMessages).toBe(0);
    expect(
      (await row(p.id)) &&
        (await q(`SELECT "unreadMessages" FROM tickets WHERE id = $1`, [p.id]))[0],
    ).toEqual({ unreadMessages: 0 });
    const second = await agent.call('messagesIndex', {
      params: { ticketId: p.uuid },
      query: { pageNumber: 2 },
    });
    expect(second.messages.map((m) => m.body)).toContain('*Demo Agent - Mensagem Privada:*\nnota');
    expect(second.hasMore).toBe(false);
  });

  it('shows at once what changed on a listed message, its contact and the message it quotes', async () => {
    const p = await pendingTicket({ queueId: A.q1, userId: agent.user.id, status: 'open' });
    const [asked] = await q<{ id: number }>(
      `INSERT INTO messages ("companyId", "ticketId", "contactId", body, "fromMe", ack, wid)
       VALUES ($1, $2, $3, 'Qual o prazo?', false, 0, 'in-' || gen_random_uuid()) RETURNING id`,
      [A.companyId, p.id, p.contactId],
    );
    const [answer] = await q<{ id: number }>(
      `INSERT INTO messages ("companyId", "ticketId", body, "fromMe", ack, wid, "quotedMsgId", "createdAt")
       VALUES ($1, $2, 'Dois dias.', true, 1, 'out-' || gen_random_uuid(), $3, now() + interval '1 second')
       RETURNING id`,
      [A.companyId, p.id, asked!.id],
    );
    const page = () => agent.call('messagesIndex', { params: { ticketId: p.id } });
    const first = await page();
    // Read again, from what the first read kept: the same answer.
    expect(await page()).toEqual(first);
    expect(first.messages.map((m) => m.id)).toEqual([asked!.id, answer!.id]);
    await q(`UPDATE messages SET ack = 3 WHERE id = $1`, [answer!.id]);
    expect((await page()).messages[1]).toMatchObject({ id: answer!.id, ack: 3 });
    await q(`UPDATE contacts SET name = 'Cliente Renomeada' WHERE id = $1`, [p.contactId]);
    expect((await page()).messages[0]!.contact).toMatchObject({ name: 'Cliente Renomeada' });
    await q(`UPDATE messages SET body = 'Qual o prazo de entrega?' WHERE id = $1`, [asked!.id]);
    const after = await page();
    expect(after.messages[0]!.body).toBe('Qual o prazo de entrega?');
    expect(after.messages[1]!.quotedMsg).toMatchObject({
      body: 'Qual o prazo de entrega?',
      contact: { name: 'Cliente Renomeada' },
    });
    expect(after.ticket.contact?.name).toBe('Cliente Renomeada');
  });

  it('edits own messages within 15 minutes only, deletes own only, and takes media', async () => {
    const p = await pendingTicket({ queueId: A.q1, userId: agent.user.id, status: 'open' });
    const [m] = (
      await agent.call('messagesStore', { params: { ticketId: p.id }, body: { body: 'tipo' } })
    ).messages;
    const edited = await agent.call('messagesEdit', {
      params: { messageId: m!.id },
      body: { body: 'típo' },
    });
    expect(edited).toMatchObject({ body: 'típo', isEdited: true });
    expect(
      (
        await apiError(() =>
          admin.call('messagesEdit', { params: { messageId: m!.id }, body: { body: 'x' } }),
        )
      ).status,
    ).toBe(403);
    await q(`UPDATE messages SET "createdAt" = now() - interval '16 minutes' WHERE id = $1`, [
      m!.id,
    ]);
    expect(
      (
        await apiError(() =>
          agent.call('messagesEdit', { params: { messageId: m!.id }, body: { body: 'y' } }),
        )
      ).code,
    ).toBe('ERR_EDIT_WINDOW_EXPIRED');
    expect((await agent.call('messagesDelete', { params: { messageId: m!.id } })).isDeleted).toBe(
      true,
    );
    const res = await postFile(
      agent,
      `/messages/${p.id}`,
      { field: 'medias', name: 'foto.png', type: 'image/png', bytes: PNG_1X1 },
      { body: 'veja' },
    );
    expect(res.status).toBe(200);
    const media = ((await res.json()) as { messages: { mediaType: string; mediaUrl: string }[] })
      .messages[0]!;
    expect(media.mediaType).toBe('image');
    expect(media.mediaUrl).toMatch(new RegExp(`^/private/${A.companyId}/[0-9a-f]{32}\\.png$`));
    const gallery = await agent.call('messagesMedia', {
      query: { contactId: p.contactId, type: 'images' },
    });
    expect(gallery.messages.map((x) => x.mediaUrl)).toEqual([media.mediaUrl]);
    const bad = await postFile(agent, `/messages/${p.id}`, {
      field: 'medias',
      name: 'x.png',
      type: 'image/png',
      bytes: '<html>',
    });
    expect(bad.status).toBe(400);
  });
});

describe('LGPD hide-number', () => {
  it('masks contact numbers in ticket answers and pushes for profile users, not for admins', async () => {
    const p = await pendingTicket({ queueId: A.q1, userId: agent.user.id, status: 'open' });
    const [{ number }] = (await q<{ number: string }>(`SELECT number FROM contacts WHERE id = $1`, [
      p.contactId,
    ])) as [{ number: string }];
    await setting('enableLGPD', 'enabled');
    await setting('lgpdHideNumber', 'enabled');
    try {
      const shown = (await agent.call('ticketsShow', { params: { id: p.id } })).contact!.number!;
      expect(shown).not.toBe(number);
      expect(shown.endsWith(number.slice(-4))).toBe(true);
      const listed = (await agent.call('ticketsIndex', { query: { status: 'open' } })).tickets.find(
        (x) => x.id === p.id,
      )!;
      expect(listed.contact!.number).toBe(shown);
      expect(
        (await agent.call('messagesIndex', { params: { ticketId: p.id } })).ticket.contact!.number,
      ).toBe(shown);
      expect((await admin.call('ticketsShow', { params: { id: p.id } })).contact!.number).toBe(
        number,
      );
      // The agent's live copy is masked too.
      const socket = io(`${t.url}/${A.companyId}`, {
        auth: { token: agent.token },
        query: { userId: String(agent.user.id) },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      try {
        await new Promise<void>((r) => socket.once('connect', () => r()));
        const pushed = new Promise<{ ticket: { contact: { number: string } } }>((r) =>
          socket.on(`company-${A.companyId}-ticket`, (e: { ticket?: { id: number } }) => {
            if (e.ticket?.id === p.id) r(e as never);
          }),
        );
        await admin.call('ticketsUpdate', { params: { id: p.id }, body: { chatbot: true } });
        expect((await pushed).ticket.contact.number).toBe(shown);
      } finally {
        socket.close();
      }
    } finally {
      await setting('enableLGPD', 'disabled');
      await setting('lgpdHideNumber', 'disabled');
    }
  });
});

describe('malformed input', () => {
  it.each([
    ['GET', '/tickets/abc'],
    ['GET', '/tickets/u/not-a-uuid'],
    ['PUT', '/tickets/abc'],
    ['PUT', '/tickets/1.5/ignore'],
    ['DELETE', '/tickets/-1'],
    ['GET', '/tickets-log/abc'],
    ['GET', '/messages/abc'],
    ['GET', '/messages/1?pageNumber=zero'],
    ['POST', '/messages/edit/abc'],
    ['DELETE', '/messages/abc'],
    ['GET', '/messages/media?contactId=abc'],
    ['GET', '/messages/media?contactId=1&type=all'],
    ['GET', '/messages-allMe?dateStart=yesterday'],
  ])('%s %s → 400 with an error code, nothing changes', async (method, path) => {
    const res = await admin.raw(
      method,
      path,
      method === 'GET' || method === 'DELETE' ? undefined : { body: 'x' },
    );
    expect(res.status).toBe(400);
    expect((await res.json()) as { error: string }).toMatchObject({ error: 'ERR_VALIDATION' });
  });
});

describe('delivery', () => {
  it('a send the channel refused is retried and sent once; one never handed over is resumed', async () => {
    const p = await pendingTicket({ queueId: A.q1, userId: agent.user.id, status: 'open' });
    adapter.failures = 1;
    const [m] = (
      await agent.call('messagesStore', { params: { ticketId: p.id }, body: { body: 'de novo' } })
    ).messages;
    expect(m!.ack).toBe(0);
    const end = Date.now() + 5000;
    while (Date.now() < end && sentTo(p.id).length === 0)
      await new Promise((r) => setTimeout(r, 50));
    expect(sentTo(p.id)).toEqual(['de novo']);
    expect((await q(`SELECT ack FROM messages WHERE id = $1`, [m!.id]))[0]).toEqual({ ack: 1 });
    // Stored by a process that stopped before handing it over.
    await q(
      `INSERT INTO messages ("companyId", "ticketId", "contactId", "whatsappId", body, "fromMe", ack, "mediaType")
       VALUES ($1, $2, $3, $4, 'perdida?', true, 0, 'chat')`,
      [A.companyId, p.id, p.contactId, A.wa],
    );
    expect(await resumePendingSends(t.api.ctx, { olderThanMs: 0 })).toBe(1);
    expect(await resumePendingSends(t.api.ctx, { olderThanMs: 0 })).toBe(0);
    expect(sentTo(p.id)).toEqual(['de novo', 'perdida?']);
  });
});

describe('another company', () => {
  let su: Logged;
  let bAdmin: Logged;
  const B = { ticket: 0, uuid: '', contact: 0, message: 0 };
  beforeAll(async () => {
    su = await t.login(SUPER.email, SUPER.password);
    const company = await su.call('companiesCreate', {
      body: { name: 'Empresa T', email: 'admin@empresa-t.io', password: 'segredo1', planId: 1 },
    });
    bAdmin = await t.login('admin@empresa-t.io', 'segredo1');
    const [wa] = await q<{ id: number }>(
      `INSERT INTO whatsapps ("companyId", name, status, "isDefault") VALUES ($1, 'B', 'CONNECTED', true) RETURNING id`,
      [company.id],
    );
    const tk = await pendingTicket({
      companyId: company.id,
      queueId: null,
      whatsappId: wa!.id,
      status: 'open',
      userId: bAdmin.user.id,
    });
    Object.assign(B, { ticket: tk.id, uuid: tk.uuid, contact: tk.contactId });
    const [m] = (
      await bAdmin.call('messagesStore', {
        params: { ticketId: tk.id },
        body: { body: 'segredo da B' },
      })
    ).messages;
    B.message = m!.id;
  });
  const snapshot = () =>
    q(
      `SELECT t.status, t."userId", t."queueId", (SELECT json_agg(m.body ORDER BY m.id) FROM messages m WHERE m."ticketId" = t.id) AS bodies
         FROM tickets t WHERE t.id = $1`,
      [B.ticket],
    );

  it.each([
    ['GET /tickets/:id', (c: TestClient) => c.raw('GET', `/tickets/${B.ticket}`)],
    ['GET /tickets/u/:uuid', (c: TestClient) => c.raw('GET', `/tickets/u/${B.uuid}`)],
    [
      'PUT /tickets/:id accept',
      (c: TestClient) => c.raw('PUT', `/tickets/${B.ticket}`, { status: 'open' }),
    ],
    [
      'PUT /tickets/:id close',
      (c: TestClient) => c.raw('PUT', `/tickets/${B.ticket}`, { status: 'closed' }),
    ],
    [
      'PUT /tickets/:id transfer',
      (c: TestClient) =>
        c.raw('PUT', `/tickets/${B.ticket}`, { queueId: A.q1, isTransfered: true }),
    ],
    ['PUT /tickets/:id/ignore', (c: TestClient) => c.raw('PUT', `/tickets/${B.ticket}/ignore`)],
    ['DELETE /tickets/:id', (c: TestClient) => c.raw('DELETE', `/tickets/${B.ticket}`)],
    [
      'POST /tickets (B contact)',
      (c: TestClient) => c.raw('POST', '/tickets', { contactId: B.contact }),
    ],
    [
      'POST /tickets/lgpd-response',
      (c: TestClient) =>
        c.raw('POST', '/tickets/lgpd-response', { ticketId: B.ticket, accepted: true }),
    ],
    ['GET /tickets-log/:id', (c: TestClient) => c.raw('GET', `/tickets-log/${B.ticket}`)],
    ['GET /messages/:ticketId', (c: TestClient) => c.raw('GET', `/messages/${B.ticket}`)],
    [
      'POST /messages/:ticketId',
      (c: TestClient) => c.raw('POST', `/messages/${B.ticket}`, { body: 'intruso' }),
    ],
    [
      'POST /messages/edit/:id',
      (c: TestClient) => c.raw('POST', `/messages/edit/${B.message}`, { body: 'intruso' }),
    ],
    ['DELETE /messages/:id', (c: TestClient) => c.raw('DELETE', `/messages/${B.message}`)],
    [
      'POST /message/forward (B message)',
      (c: TestClient) =>
        c.raw('POST', '/message/forward', { messageId: B.message, contactId: B.contact }),
    ],
  ])('%s from company A → 403/404, B unchanged', async (_what, send) => {
    const before = await snapshot();
    for (const c of [admin, agent]) {
      const res = await send(c);
      expect([403, 404], `${_what}: ${res.status}`).toContain(res.status);
      expect(typeof ((await res.json()) as { error?: unknown }).error).toBe('string');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lists, galleries, queues and counts never show B's rows", async () => {
    const queues = await agent.call('queuesIndex');
    expect(queues.map((x) => x.id)).toEqual([A.q1, A.q2, ...queues.slice(2).map((x) => x.id)]);
    const bQueues = await bAdmin.call('queuesIndex');
    expect(bQueues.some((x) => queues.some((y) => y.id === x.id))).toBe(false);
    const all = await admin.call('ticketsIndex', { query: { status: 'open', showAll: true } });
    expect(all.tickets.map((x) => x.id)).not.toContain(B.ticket);
    const search = await admin.call('ticketsIndex', {
      query: { status: 'search', searchParam: 'segredo', searchOnMessages: true },
    });
    expect(search.tickets).toEqual([]);
    const gallery = await admin.call('messagesMedia', {
      query: { contactId: B.contact, type: 'links' },
    });
    expect(gallery.messages).toEqual([]);
  });
});

describe('live updates', () => {
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));
  const connect = (c: Logged) =>
    new Promise<Socket>((resolve, reject) => {
      const s = io(`${t.url}/${c.user.companyId}`, {
        auth: { token: c.token },
        query: { userId: String(c.user.id) },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  const until = async (check: () => boolean) => {
    const end = Date.now() + 10_000;
    while (Date.now() < end && !check()) await new Promise((r) => setTimeout(r, 50));
  };

  it("pushes a contact's new tags as a contact update", async () => {
    const s = await connect(admin);
    const contactId = await contact('Com Tags');
    const seen = new Promise<{ contact: { id: number; tags: { name: string }[] } }>((r) =>
      s.on(`company-${A.companyId}-contact`, (e: { action: string; contact?: { id: number } }) => {
        if (e.action === 'update' && e.contact?.id === contactId) r(e as never);
      }),
    );
    await admin.call('tagsSync', { body: { contactId, tags: [{ name: 'Atacado' }] } });
    expect((await seen).contact.tags.map((x) => x.name)).toEqual(['Atacado']);
  });

  it("pushes tickets and messages to their queue's members and the conversation, not to other queues", async () => {
    const s = await connect(agent);
    const seen: {
      action: string;
      ticket?: { id: number; status: string };
      message?: { body: string };
    }[] = [];
    s.on(`company-${A.companyId}-ticket`, (p: (typeof seen)[number]) => void seen.push(p));
    s.on(`company-${A.companyId}-appMessage`, (p: (typeof seen)[number]) => void seen.push(p));
    s.emit('joinNotification');
    await new Promise((r) => setTimeout(r, 300));
    const other = await admin.call('ticketsCreate', {
      body: { contactId: await contact(), queueId: A.q2, status: 'pending' },
    });
    const mine = await admin.call('ticketsCreate', {
      body: { contactId: await contact(), queueId: A.q1, status: 'pending' },
    });
    await until(() => seen.some((e) => e.ticket?.id === mine.id));
    expect(seen.filter((e) => e.ticket?.id === mine.id)[0]).toMatchObject({
      action: 'update',
      ticket: { status: 'pending' },
    });
    await agent.call('ticketsUpdate', {
      params: { id: mine.id },
      body: { status: 'open', userId: agent.user.id },
    });
    await agent.call('messagesStore', { params: { ticketId: mine.id }, body: { body: 'ao vivo' } });
    await until(() => seen.some((e) => e.message?.body === 'ao vivo'));
    expect(seen.some((e) => e.ticket?.id === mine.id && e.ticket.status === 'open')).toBe(true);
    expect(seen.some((e) => e.ticket?.id === other.id)).toBe(false);
  });
});

describe('tab totals', () => {
  /** Groups whose folded deltas differ from their tickets' count (all companies): none, ever. */
  const drift = () =>
    q<{ companyId: number; status: string; counted: number; real: number }>(
      `WITH counted AS (
         SELECT "companyId", status, "queueId", "userId", "isGroup", sum(n)::int AS n
           FROM ticket_counts GROUP BY 1, 2, 3, 4, 5),
       real AS (
         SELECT "companyId", status, "queueId", "userId", "isGroup", count(*)::int AS n
           FROM tickets GROUP BY 1, 2, 3, 4, 5)
       SELECT COALESCE(c."companyId", r."companyId") AS "companyId",
              COALESCE(c.status, r.status) AS status,
              COALESCE(c.n, 0) AS counted, COALESCE(r.n, 0) AS real
         FROM counted c FULL JOIN real r
           ON c."companyId" = r."companyId" AND c.status = r.status AND c."isGroup" = r."isGroup"
          AND c."queueId" IS NOT DISTINCT FROM r."queueId"
          AND c."userId" IS NOT DISTINCT FROM r."userId"
        WHERE COALESCE(c.n, 0) <> COALESCE(r.n, 0)`,
    );
  const tickets = async (where: string, params: unknown[] = []) =>
    (
      await q<{ n: number }>(
        `SELECT count(*)::int AS n FROM tickets WHERE "companyId" = $1 AND ${where}`,
        [A.companyId, ...params],
      )
    )[0]!.n;
  /** Each tab's total as the admin (show-all) and the agent (their queues) read it. */
  async function expectTotals() {
    for (const status of ['pending', 'open', 'closed'] as const) {
      const all = await admin.call('ticketsIndex', { query: { status, showAll: true } });
      expect(all.count, `admin ${status}`).toBe(await tickets('status = $2', [status]));
    }
    const agentQueues = (
      await q<{ queueId: number }>(`SELECT "queueId" FROM user_queues WHERE "userId" = $1`, [
        agent.user.id,
      ])
    ).map((r) => r.queueId);
    const pending = await agent.call('ticketsIndex', { query: { status: 'pending' } });
    expect(pending.count, 'agent pending').toBe(
      await tickets(
        `status = 'pending' AND "queueId" = ANY($2) AND ("userId" = $3 OR "userId" IS NULL)
         AND NOT "isGroup"`,
        [agentQueues, agent.user.id],
      ),
    );
    const open = await agent.call('ticketsIndex', { query: { status: 'open' } });
    expect(open.count, 'agent open').toBe(
      await tickets(`status = 'open' AND "queueId" = ANY($2) AND "userId" = $3 AND NOT "isGroup"`, [
        agentQueues,
        agent.user.id,
      ]),
    );
    // A filter the deltas do not carry counts tickets instead, to the same effect.
    const unread = await admin.call('ticketsIndex', {
      query: { status: 'pending', showAll: true, withUnreadMessages: true },
    });
    expect(unread.count, 'unread pending').toBe(
      await tickets(`status = 'pending' AND "unreadMessages" > 0`),
    );
  }

  it('follow every transition above and the ones racing here, before and after folding', async () => {
    // Racing accepts, closes and transfers of ten waiting tickets, and a close-all beside them.
    const waiting = await Promise.all(
      Array.from({ length: 10 }, (_, i) => pendingTicket({ queueId: i % 2 ? A.q1 : A.q2 })),
    );
    await Promise.all(
      waiting.map(async (w, i) => {
        await admin.call('ticketsUpdate', {
          params: { id: w.id },
          body: { status: 'open', userId: admin.user.id },
        });
        if (i % 3 === 0)
          await admin.call('ticketsUpdate', { params: { id: w.id }, body: { status: 'closed' } });
        else if (i % 3 === 1)
          await admin.call('ticketsUpdate', {
            params: { id: w.id },
            body: { queueId: A.q1, userId: agent.user.id, status: 'open' },
          });
      }),
    );
    await admin.call('ticketsCloseAll', { body: { status: 'pending', selectedQueueIds: [A.q2] } });
    const gone = await pendingTicket({ queueId: A.q1, status: 'open', userId: admin.user.id });
    await admin.raw('PUT', `/tickets/${gone.id}`, { status: 'closed' });
    expect((await admin.raw('DELETE', `/tickets/${gone.id}`)).status).not.toBe(200);
    await q(`DELETE FROM tickets WHERE id = $1`, [gone.id]);
    // A deleted queue or user leaves its tickets without one (foreign keys' SET NULL).
    const [temp] = await q<{ id: number }>(
      `INSERT INTO queues ("companyId", name, color) VALUES ($1, 'Temporária', '#123456') RETURNING id`,
      [A.companyId],
    );
    await pendingTicket({ queueId: temp!.id });
    await pendingTicket({ queueId: temp!.id, status: 'open', userId: admin.user.id });
    await q(`DELETE FROM queues WHERE id = $1`, [temp!.id]);

    expect(await drift()).toEqual([]);
    await expectTotals();
    const [{ rows }] = await q<{ rows: number }>(`SELECT count(*)::int AS rows FROM ticket_counts`);
    expect(await compactTicketCounts(t.api.ctx.ds)).toBeGreaterThan(0);
    // One row per group that has tickets, none for emptied groups, and the same totals.
    const [{ folded, groups }] = await q<{ folded: number; groups: number }>(
      `SELECT (SELECT count(*)::int FROM ticket_counts) AS folded,
              (SELECT count(*)::int FROM (SELECT DISTINCT "companyId", status, "queueId", "userId", "isGroup" FROM tickets) g) AS groups`,
    );
    expect(folded).toBe(groups);
    expect(folded).toBeLessThan(rows);
    expect(await drift()).toEqual([]);
    await expectTotals();
    expect(await compactTicketCounts(t.api.ctx.ds)).toBe(0);
  });
});
