import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { withoutPlanFlag } from './support/plan-flag.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
const A = { q1: 0, q2: 0, lane1: 0, lane2: 0, plain: 0 };
const T = { mine: 0, waiting: 0, othersQueue: 0, closed: 0, old: 0, bTicket: 0, bLane: 0 };

const q = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<R>(t.databaseUrl, text, params);

/** A contact and a ticket of a company, written straight to the database. */
async function ticket(
  companyId: number,
  o: { status: string; queueId: number | null; userId: number | null; daysAgo?: number },
): Promise<number> {
  const n = Math.floor(Math.random() * 1e9);
  const [contact] = await q<{ id: number }>(
    `INSERT INTO contacts ("companyId", name, number) VALUES ($1, $2, $3) RETURNING id`,
    [companyId, `Cliente ${n}`, `5511${String(n).padStart(9, '0')}`],
  );
  const [row] = await q<{ id: number }>(
    `INSERT INTO tickets ("companyId", "contactId", status, protocol, "queueId", "userId",
                          "createdAt", "updatedAt", "lastMessage")
     VALUES ($1, $2, $3, $4, $5, $6, now() - $7 * interval '1 day', now() - $7 * interval '1 day',
             'Olá')
     RETURNING id`,
    [companyId, contact!.id, o.status, `K-${n}`, o.queueId, o.userId, o.daysAgo ?? 0],
  );
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApi({ LOGIN_RATE_LIMIT: '1000' });
  const su = await t.login(SUPER.email, SUPER.password);
  await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  const companyId = aAdmin.user.companyId;
  A.q1 = (await aAdmin.call('queuesCreate', { body: { name: 'Vendas K', color: '#111111' } })).id;
  A.q2 = (await aAdmin.call('queuesCreate', { body: { name: 'Suporte K', color: '#222222' } })).id;
  // The agent works q1 only and sees only their own and unassigned tickets of it.
  await q(`DELETE FROM user_queues WHERE "userId" = $1`, [aAgent.user.id]);
  await q(`INSERT INTO user_queues ("userId", "queueId", "companyId") VALUES ($1, $2, $3)`, [
    aAgent.user.id,
    A.q1,
    companyId,
  ]);
  await q(
    `UPDATE users SET "allTicket" = 'disable', "allUserChat" = 'disabled', "allHistoric" = 'disabled'
      WHERE id = $1`,
    [aAgent.user.id],
  );
  A.lane1 = (await aAdmin.call('tagsCreate', { body: { name: 'Proposta', kanban: 1 } })).id;
  A.lane2 = (await aAdmin.call('tagsCreate', { body: { name: 'Fechamento', kanban: 1 } })).id;
  A.plain = (await aAdmin.call('tagsCreate', { body: { name: 'VIP' } })).id;

  T.old = await ticket(companyId, {
    status: 'open',
    queueId: A.q1,
    userId: aAdmin.user.id,
    daysAgo: 10,
  });
  T.closed = await ticket(companyId, { status: 'closed', queueId: A.q1, userId: aAgent.user.id });
  T.othersQueue = await ticket(companyId, {
    status: 'open',
    queueId: A.q2,
    userId: aAdmin.user.id,
  });
  T.waiting = await ticket(companyId, { status: 'pending', queueId: A.q1, userId: null });
  T.mine = await ticket(companyId, { status: 'open', queueId: A.q1, userId: aAgent.user.id });
  const [contact] = await q<{ contactId: number }>(
    `SELECT "contactId" FROM tickets WHERE id = $1`,
    [T.mine],
  );
  await q(
    `INSERT INTO contact_custom_fields ("companyId", "contactId", name, value) VALUES ($1, $2, 'valor', '1500')`,
    [companyId, contact!.contactId],
  );
  await aAdmin.call('ticketTagsStore', { params: { ticketId: T.mine, tagId: A.lane1 } });
  await aAdmin.call('ticketTagsStore', { params: { ticketId: T.mine, tagId: A.plain } });

  T.bTicket = await ticket(bAdmin.user.companyId, { status: 'open', queueId: null, userId: null });
  T.bLane = (await bAdmin.call('tagsCreate', { body: { name: 'Lane B', kanban: 1 } })).id;
}, 60_000);
afterAll(() => t?.close());

describe('kanban board', () => {
  it("lists the company's lanes by id, without ordinary tags", async () => {
    const { lista } = await aAgent.call('kanbanLanes');
    expect(lista.map((l) => [l.id, l.name, l.kanban])).toEqual([
      [A.lane1, 'Proposta', 1],
      [A.lane2, 'Fechamento', 1],
    ]);
  });

  it('shows each user the open and pending tickets they may see, as cards', async () => {
    const admin = await aAdmin.call('kanbanTickets', { query: {} });
    expect(admin.tickets.map((c) => c.id)).toEqual([T.mine, T.waiting, T.othersQueue, T.old]);
    expect(admin).toMatchObject({ count: 4, hasMore: false });
    const agent = await aAgent.call('kanbanTickets', { query: {} });
    expect(agent.tickets.map((c) => c.id)).toEqual([T.mine, T.waiting]);
    expect(agent.count).toBe(2);

    const card = agent.tickets[0]!;
    expect(card).toMatchObject({
      status: 'open',
      queueId: A.q1,
      lastMessage: 'Olá',
      unreadMessages: 0,
      user: { id: aAgent.user.id },
      contact: { extraInfo: [{ name: 'valor', value: '1500' }] },
    });
    expect(card.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(card.tags.map((g) => [g.id, g.kanban])).toEqual([
      [A.lane1, 1],
      [A.plain, 0],
    ]);
    expect(agent.tickets[1]!.user).toBeNull();
  });

  it('filters by queues and by days of the company time zone', async () => {
    const byQueue = await aAdmin.call('kanbanTickets', { query: { queueIds: [A.q2] } });
    expect(byQueue.tickets.map((c) => c.id)).toEqual([T.othersQueue]);
    // The lineage's console sends the list as JSON text.
    const res = await aAdmin.raw(
      'GET',
      `/ticket/kanban?queueIds=${encodeURIComponent(`[${A.q2}]`)}`,
    );
    expect(((await res.json()) as { count: number }).count).toBe(1);

    const day = (daysAgo: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
        new Date(Date.now() - daysAgo * 86_400_000),
      );
    const today = await aAdmin.call('kanbanTickets', {
      query: { startDate: day(0), endDate: day(0) },
    });
    expect(today.tickets.map((c) => c.id)).toEqual([T.mine, T.waiting, T.othersQueue]);
    const back = await aAdmin.call('kanbanTickets', {
      query: { dateStart: day(11), dateEnd: day(9) },
    });
    expect(back.tickets.map((c) => c.id)).toEqual([T.old]);
  });
});

describe('kanban across companies and plans', () => {
  it("never shows company B's lanes or cards to A, nor A's to B", async () => {
    const lanes = await aAdmin.call('kanbanLanes');
    expect(lanes.lista.map((l) => l.id)).not.toContain(T.bLane);
    const cards = await aAdmin.call('kanbanTickets', { query: { pageNumber: 1 } });
    expect(cards.tickets.map((c) => c.id)).not.toContain(T.bTicket);
    const b = await bAdmin.call('kanbanTickets', { query: {} });
    expect(b.tickets.map((c) => c.id)).toEqual([T.bTicket]);
    expect((await bAdmin.call('kanbanLanes')).lista.map((l) => l.id)).toEqual([T.bLane]);
  });

  it('refuses a plan without useKanban', async () => {
    await withoutPlanFlag(t.databaseUrl, bAdmin.user.companyId, 'useKanban', async () => {
      for (const call of [
        () => bAdmin.call('kanbanLanes'),
        () => bAdmin.call('kanbanTickets', { query: {} }),
      ])
        expect(await apiError(call)).toMatchObject({
          status: 403,
          code: 'ERR_PLAN_FEATURE_DISABLED',
        });
    });
  });

  it('answers malformed queries with 400 naming the field', async () => {
    for (const [query, field] of [
      ['queueIds=abc', 'query.queueIds.0'],
      ['startDate=2026-13', 'query.startDate'],
      ['endDate=ontem', 'query.endDate'],
      ['pageNumber=0', 'query.pageNumber'],
    ] as const) {
      const res = await aAdmin.raw('GET', `/ticket/kanban?${query}`);
      const json = (await res.json()) as { fields?: { field: string }[] };
      expect(res.status, query).toBe(400);
      expect(
        json.fields?.map((f) => f.field),
        query,
      ).toContain(field);
    }
  });
});
