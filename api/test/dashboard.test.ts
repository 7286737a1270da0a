import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let t: TestApi;
let su: Logged;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
const A = { companyId: 0, adminId: 0, agentId: 0 };
const B = { companyId: 0, adminId: 0 };
const tickets: Record<string, number> = {};
let seq = 0;

const run = (text: string, params: unknown[] = []) => sql(t.databaseUrl, text, params);

async function contact(companyId: number, isGroup = false): Promise<number> {
  seq++;
  const [row] = await run(
    `INSERT INTO contacts ("companyId", name, number, "isGroup") VALUES ($1, $2, $3, $4) RETURNING id`,
    [companyId, `Contato ${seq}`, `55119${String(seq).padStart(8, '0')}`, isGroup],
  );
  return Number(row!.id);
}

interface Cycle {
  at: string;
  queued?: string;
  started?: string;
  closed?: string;
}

/** A ticket created at `cycle.at` with one service cycle (times ISO, UTC). */
async function ticket(
  companyId: number,
  o: { contactId: number; status: string; userId?: number | null; isGroup?: boolean } & Cycle,
): Promise<number> {
  seq++;
  const [row] = await run(
    `INSERT INTO tickets ("companyId", "contactId", status, "userId", "isGroup", protocol, "createdAt", "updatedAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
    [companyId, o.contactId, o.status, o.userId ?? null, o.isGroup ?? false, `P${seq}`, o.at],
  );
  const id = Number(row!.id);
  await run(
    `INSERT INTO ticket_traking ("companyId", "ticketId", "userId", "queuedAt", "startedAt", "closedAt", "createdAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [companyId, id, o.userId ?? null, o.queued ?? null, o.started ?? null, o.closed ?? null, o.at],
  );
  return id;
}

async function rating(
  companyId: number,
  ticketId: number,
  userId: number,
  rate: number,
  at: string,
) {
  await run(
    `INSERT INTO user_ratings ("companyId", "ticketId", "userId", rate, "createdAt") VALUES ($1, $2, $3, $4, $5)`,
    [companyId, ticketId, userId, rate, at],
  );
  await run(`UPDATE ticket_traking SET rated = true, "ratingAt" = $2 WHERE "ticketId" = $1`, [
    ticketId,
    at,
  ]);
}

const setTimeZone = (companyId: number, tz: string) =>
  run(`UPDATE companies SET timezone = $2 WHERE id = $1`, [companyId, tz]);

// Response bodies are read loosely: the assertions say what they must hold.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function getJson(c: TestClient, path: string) {
  const res = await c.raw('GET', path);
  return { status: res.status, body: (await res.json()) as Json };
}

const WINDOW = 'date_from=2025-03-10&date_to=2025-03-11';

beforeAll(async () => {
  t = await startTestApi();
  su = await t.login(SUPER.email, SUPER.password);
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  A.companyId = aAdmin.user.companyId;
  A.adminId = aAdmin.user.id;
  A.agentId = aAgent.user.id;
  const company = await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  B.companyId = company.id;
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  B.adminId = bAdmin.user.id;
  await setTimeZone(A.companyId, 'America/Sao_Paulo'); // UTC-3 all year
  await setTimeZone(B.companyId, 'America/Sao_Paulo');

  const { adminId, agentId } = A;
  const cA = A.companyId;
  // The hand-made period 2025-03-10..2025-03-11 in São Paulo (03:00Z..03:00Z of the 12th).
  tickets.t1 = await ticket(cA, {
    contactId: await contact(cA),
    status: 'closed',
    userId: adminId,
    at: '2025-03-10T12:00:00Z',
    queued: '2025-03-10T12:00:00Z',
    started: '2025-03-10T12:10:00Z', // wait 10
    closed: '2025-03-10T12:40:00Z', // support 30
  });
  await rating(cA, tickets.t1, adminId, 10, '2025-03-10T12:45:00Z');
  const c2 = await contact(cA);
  tickets.t2 = await ticket(cA, {
    contactId: c2,
    status: 'closed',
    userId: agentId,
    at: '2025-03-11T15:00:00Z',
    queued: '2025-03-11T15:00:00Z',
    started: '2025-03-11T15:20:00Z', // wait 20
    closed: '2025-03-11T16:20:00Z', // support 60
  });
  await rating(cA, tickets.t2, agentId, 9, '2025-03-11T16:30:00Z');
  // 23:30 of the 11th in São Paulo, already the 12th in UTC: inside.
  tickets.t3 = await ticket(cA, {
    contactId: c2, // c2's second ticket: not a lead
    status: 'open',
    userId: agentId,
    at: '2025-03-12T02:30:00Z',
    queued: '2025-03-12T02:30:00Z',
    started: '2025-03-12T02:45:00Z', // wait 15
  });
  // 23:30 of the 9th in São Paulo, already the 10th in UTC: outside.
  tickets.t4 = await ticket(cA, {
    contactId: await contact(cA),
    status: 'closed',
    userId: adminId,
    at: '2025-03-10T02:30:00Z',
    queued: '2025-03-10T02:30:00Z',
    started: '2025-03-10T04:10:00Z',
    closed: '2025-03-10T05:50:00Z',
  });
  await rating(cA, tickets.t4, adminId, 8, '2025-03-10T02:50:00Z');
  tickets.t5 = await ticket(cA, {
    contactId: await contact(cA, true),
    status: 'group',
    isGroup: true,
    at: '2025-03-10T20:00:00Z',
  });
  tickets.t6 = await ticket(cA, {
    contactId: await contact(cA),
    status: 'pending',
    at: '2025-03-11T10:00:00Z',
    queued: '2025-03-11T10:00:00Z',
  });
  tickets.t7 = await ticket(cA, {
    contactId: await contact(cA),
    status: 'closed',
    userId: agentId,
    at: '2025-03-10T18:00:00Z',
    queued: '2025-03-10T18:00:00Z',
    started: '2025-03-10T18:00:00Z', // opened by an agent: active, no wait
    closed: '2025-03-10T18:30:00Z', // support 30
  });
  await rating(cA, tickets.t7, agentId, 6, '2025-03-10T18:35:00Z'); // 6 is a detractor
  tickets.t8 = await ticket(cA, {
    contactId: await contact(cA),
    status: 'closed',
    userId: adminId,
    at: '2025-03-11T09:00:00Z',
    queued: '2025-03-11T09:00:00Z',
    started: '2025-03-11T09:05:00Z', // wait 5
    closed: '2025-03-11T09:10:00Z', // support 5
  });
  tickets.t9 = await ticket(cA, {
    contactId: await contact(cA),
    status: 'nps',
    userId: agentId,
    at: '2025-03-11T11:00:00Z',
    queued: '2025-03-11T11:00:00Z',
    started: '2025-03-11T11:30:00Z', // wait 30
  });
  // Today's ticket: for `days` and the default 30-day window of /dashboard/moments.
  const now = new Date().toISOString();
  tickets.t11 = await ticket(cA, {
    contactId: await contact(cA),
    status: 'open',
    userId: adminId,
    at: now,
    queued: now,
    started: now,
  });

  // Company B, same period, figures that would change every counter of A if they leaked.
  const cB = B.companyId;
  for (let i = 0; i < 3; i++) {
    const id = await ticket(cB, {
      contactId: await contact(cB),
      status: i === 0 ? 'pending' : 'open',
      userId: B.adminId,
      at: '2025-03-10T13:00:00Z',
      queued: '2025-03-10T13:00:00Z',
      started: '2025-03-10T15:00:00Z',
      closed: '2025-03-10T19:00:00Z',
    });
    await rating(cB, id, B.adminId, 0, '2025-03-10T19:05:00Z');
    tickets[`b${i}`] = id;
  }
}, 60_000);
afterAll(() => t?.close());

describe('GET /dashboard', () => {
  it('counts the hand-made period exactly', async () => {
    const { status, body } = await getJson(aAdmin, `/dashboard?${WINDOW}`);
    expect(status).toBe(200);
    expect(body.counters).toEqual({
      supportHappening: 2, // t3 and today's t11, whatever the period
      supportPending: 1, // t6
      supportFinished: 4, // t1 t2 t7 t8
      supportGroups: 1, // t5
      leads: 5, // t1 t6 t7 t8 t9 (c2 has two tickets, t5 is a group, t4 is outside)
      avgSupportTime: 31.25, // (30 + 60 + 30 + 5) / 4
      avgWaitTime: 16, // (10 + 20 + 15 + 5 + 30) / 5, t7 never waited
      activeTickets: 1, // t7: started the moment it began (opened by an agent)
      passiveTickets: 7,
      tickets: 8,
      waitRating: 1, // t9
      withRating: 3, // t1 t2 t7
      withoutRating: 1, // t8
      percRating: 75,
      npsPromotersCount: 2, // 10, 9
      npsPassiveCount: 0, // t4's 8 is outside
      npsDetractorsCount: 1, // 6
      npsPromotersPerc: 66.67,
      npsPassivePerc: 0,
      npsDetractorsPerc: 33.33,
      npsScore: 33.33,
    });
    const admin = body.attendants.find((a: { id: number }) => a.id === A.adminId);
    const agent = body.attendants.find((a: { id: number }) => a.id === A.agentId);
    expect(admin).toMatchObject({
      name: 'Demo Admin',
      tickets: 2,
      avgWaitTime: 7.5,
      avgSupportTime: 17.5,
      rating: 10,
      countRating: 1,
    });
    expect(typeof admin.online).toBe('boolean');
    expect(agent).toMatchObject({
      tickets: 4,
      avgWaitTime: 21.67, // (20 + 15 + 30) / 3
      avgSupportTime: 45,
      rating: 7.5,
      countRating: 2,
    });
    expect(body.attendants.some((a: { id: number }) => a.id === B.adminId)).toBe(false);
  });

  it('reads the days in the company time zone', async () => {
    await setTimeZone(A.companyId, 'UTC');
    try {
      const { body } = await getJson(aAdmin, `/dashboard?${WINDOW}`);
      // In UTC t4 (and its rating 8) is inside and t3 outside.
      expect(body.counters).toMatchObject({
        tickets: 8,
        leads: 6,
        npsPassiveCount: 1,
        npsScore: 25,
      });
    } finally {
      await setTimeZone(A.companyId, 'America/Sao_Paulo');
    }
  });

  it('takes open-ended periods and the last N days', async () => {
    const from = await getJson(aAdmin, '/dashboard?date_from=2025-03-11');
    expect(from.body.counters.tickets).toBe(6); // t2 t3 t6 t8 t9 and today's t11
    const to = await getJson(aAdmin, '/dashboard?date_to=2025-03-10');
    expect(to.body.counters.tickets).toBe(4); // t1 t4 t5 t7
    const today = await getJson(aAdmin, '/dashboard?days=1');
    expect(today.body.counters.tickets).toBe(1); // t11
  });

  it("answers 'Parametrize o filtro' without a period", async () => {
    for (const path of ['/dashboard', '/dashboard?date_from=&date_to=']) {
      const { status, body } = await getJson(aAdmin, path);
      expect(status).toBe(400);
      expect(body.error).toBe('ERR_DASHBOARD_FILTER_REQUIRED');
    }
  });

  it('refuses malformed periods naming the field', async () => {
    for (const [query, field] of [
      ['days=abc', 'days'],
      ['days=0', 'days'],
      ['date_from=2025-02-30', 'date_from'],
      ['date_from=10/03/2025', 'date_from'],
      ['date_from=2025-03-12&date_to=2025-03-10', 'date_to'],
    ] as const) {
      const { status, body } = await getJson(aAdmin, `/dashboard?${query}`);
      expect(status, query).toBe(400);
      expect(body.error).toBe('ERR_VALIDATION');
      expect(JSON.stringify(body.fields)).toContain(field);
    }
  });
});

describe('dashboard permissions', () => {
  const setFlags = (showDashboard: string, allowRealTime: string) =>
    run(`UPDATE users SET "showDashboard" = $2, "allowRealTime" = $3 WHERE id = $1`, [
      A.agentId,
      showDashboard,
      allowRealTime,
    ]);

  it('needs showDashboard (or admin) for the dashboard, allowRealTime for the live lists', async () => {
    await setFlags('disabled', 'disabled');
    const paths = [
      `/dashboard?${WINDOW}`,
      '/dashboard/ticketsUsers?initialDate=2025-03-10&finalDate=2025-03-11',
      '/dashboard/ticketsDay?initialDate=2025-03-10&finalDate=2025-03-11',
      '/dashboard/moments',
      '/usersMoments',
    ];
    for (const path of paths) {
      const { status, body } = await getJson(aAgent, path);
      expect(status, path).toBe(403);
      expect(body.error).toBe('ERR_NO_PERMISSION');
    }
    await setFlags('disabled', 'enabled');
    expect((await getJson(aAgent, `/dashboard?${WINDOW}`)).status).toBe(403);
    expect((await getJson(aAgent, '/usersMoments')).status).toBe(200);
    expect((await getJson(aAgent, '/dashboard/moments')).status).toBe(200);
    await setFlags('enabled', 'disabled');
    for (const path of paths) expect((await getJson(aAgent, path)).status, path).toBe(200);
    expect((await t.client().raw('GET', `/dashboard?${WINDOW}`)).status).toBe(401);
  });
});

describe('dashboard charts', () => {
  it('counts tickets per user', async () => {
    const { body } = await getJson(
      aAdmin,
      '/dashboard/ticketsUsers?initialDate=2025-03-10&finalDate=2025-03-11',
    );
    expect(body).toEqual({
      data: [
        { userId: A.agentId, nome: 'Demo Agent', quantidade: 4 },
        { userId: A.adminId, nome: 'Demo Admin', quantidade: 2 },
      ],
    });
  });

  it('counts tickets per day, and per hour of a single day, in the company time zone', async () => {
    const days = await getJson(
      aAdmin,
      '/dashboard/ticketsDay?initialDate=2025-03-09&finalDate=2025-03-11',
    );
    expect(days.body).toEqual({
      data: [
        { data: '09/03/2025', total: 1 },
        { data: '10/03/2025', total: 3 },
        { data: '11/03/2025', total: 5 },
      ],
      count: 9,
    });
    const hours = await getJson(
      aAdmin,
      '/dashboard/ticketsDay?initialDate=2025-03-11&finalDate=2025-03-11',
    );
    expect(hours.body.count).toBe(5);
    expect(hours.body.data).toHaveLength(24);
    const busy = hours.body.data.filter((p: { total: number }) => p.total > 0);
    expect(busy).toEqual([
      { horario: '06', total: 1 },
      { horario: '07', total: 1 },
      { horario: '08', total: 1 },
      { horario: '12', total: 1 },
      { horario: '23', total: 1 },
    ]);
  });

  it("needs both dates ('Parametrize o filtro') and refuses malformed ones", async () => {
    const missing = await getJson(aAdmin, '/dashboard/ticketsDay?initialDate=2025-03-11');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('ERR_DASHBOARD_FILTER_REQUIRED');
    for (const query of [
      'initialDate=2025-13-01&finalDate=2025-03-11',
      'initialDate=2025-03-11&finalDate=2025-03-01',
      'initialDate=2025-03-01&finalDate=2025-03-11&companyId=abc',
    ]) {
      const { status, body } = await getJson(aAdmin, `/dashboard/ticketsUsers?${query}`);
      expect(status, query).toBe(400);
      expect(body.error).toBe('ERR_VALIDATION');
    }
  });
});

describe('live lists', () => {
  it('lists open and pending tickets with their users for the panel', async () => {
    const { status, body } = await getJson(aAdmin, '/usersMoments');
    expect(status).toBe(200);
    const ids = (body as unknown as { id: number }[]).map((x) => x.id).sort((x, y) => x - y);
    expect(ids).toEqual([tickets.t3, tickets.t6, tickets.t11].sort((x, y) => x - y));
    const t3 = (body as unknown as Json[]).find((x) => x.id === tickets.t3)!;
    expect(t3).toMatchObject({
      status: 'open',
      canOpen: true,
      user: { id: A.agentId, name: 'Demo Agent' },
      contact: { name: expect.any(String) },
    });
    const t6 = (body as unknown as Json[]).find((x) => x.id === tickets.t6)!;
    expect(t6.user).toBeNull();
  });

  it('lets others open only their own tickets', async () => {
    await run(`UPDATE users SET "allowRealTime" = 'enabled' WHERE id = $1`, [A.agentId]);
    const { body } = await getJson(aAgent, '/usersMoments');
    const list = body as unknown as { id: number; canOpen: boolean }[];
    expect(list.find((x) => x.id === tickets.t3)!.canOpen).toBe(true);
    expect(list.find((x) => x.id === tickets.t6)!.canOpen).toBe(false);
  });

  it('filters /dashboard/moments by status, days, user, and visibility', async () => {
    const ids = (b: unknown) => (b as { id: number }[]).map((x) => x.id).sort((x, y) => x - y);
    const period = 'dateStart=2025-03-10&dateEnd=2025-03-11';
    const open = await getJson(aAdmin, `/dashboard/moments?${period}&showAll=true`);
    expect(ids(open.body)).toEqual([tickets.t3, tickets.t6].sort((x, y) => x - y));
    const closed = await getJson(
      aAdmin,
      `/dashboard/moments?${period}&showAll=true&status=${encodeURIComponent('["closed"]')}`,
    );
    expect(ids(closed.body)).toEqual(
      [tickets.t1, tickets.t2, tickets.t7, tickets.t8].sort((x, y) => x - y),
    );
    const mine = await getJson(
      aAdmin,
      `/dashboard/moments?${period}&showAll=true&status=closed&userId=${A.adminId}`,
    );
    expect(ids(mine.body)).toEqual([tickets.t1, tickets.t8].sort((x, y) => x - y));
    // Without dates: the last 30 days.
    const recent = await getJson(aAdmin, '/dashboard/moments?showAll=true');
    expect(ids(recent.body)).toEqual([tickets.t11]);
    // An agent asking for everything sees their own and their queues' waiting tickets only.
    const agent = await getJson(aAgent, `/dashboard/moments?${period}&showAll=true`);
    expect(ids(agent.body)).toEqual([tickets.t3]);
  });

  it('refuses malformed filters', async () => {
    for (const query of [
      'status=bogus',
      'queueIds=[x]',
      'showAll=maybe',
      'userId=-1',
      'dateStart=x',
    ]) {
      const { status, body } = await getJson(aAdmin, `/dashboard/moments?${query}`);
      expect(status, query).toBe(400);
      expect(body.error).toBe('ERR_VALIDATION');
    }
  });
});

describe('tenancy', () => {
  it("never counts another company's rows, whatever companyId says", async () => {
    const q = 'initialDate=2025-03-10&finalDate=2025-03-11';
    for (const c of [aAdmin, aAgent]) {
      const own = await getJson(c, `/dashboard/ticketsUsers?${q}`);
      const other = await getJson(c, `/dashboard/ticketsUsers?${q}&companyId=${B.companyId}`);
      expect(other.body).toEqual(own.body);
      const day = await getJson(c, `/dashboard/ticketsDay?${q}&companyId=${B.companyId}`);
      expect(day.body.count, JSON.stringify(day.body)).toBe(8);
    }
    const b = await getJson(bAdmin, `/dashboard?${WINDOW}`);
    expect(b.body.counters).toMatchObject({
      tickets: 3,
      supportHappening: 2,
      supportPending: 1,
      npsDetractorsCount: 3,
      npsScore: -100,
      leads: 3,
    });
    const bIds = [tickets.b0, tickets.b1, tickets.b2];
    for (const c of [aAdmin, aAgent]) {
      const panel = await getJson(c, '/usersMoments');
      const ids = (panel.body as unknown as { id: number }[]).map((x) => x.id);
      expect(ids.some((id) => bIds.includes(id))).toBe(false);
      // B's user as the filter: an admin gets nothing, an agent (filter ignored) only their own.
      const moments = await getJson(
        c,
        `/dashboard/moments?showAll=true&dateStart=2025-03-01&userId=${B.adminId}`,
      );
      const momentIds = (moments.body as unknown as { id: number }[]).map((x) => x.id);
      expect(momentIds.some((id) => bIds.includes(id))).toBe(false);
      if (c === aAdmin) expect(momentIds).toEqual([]);
    }
  });

  it("lets a super admin read a named company's charts", async () => {
    const q = 'initialDate=2025-03-10&finalDate=2025-03-11';
    const { body } = await getJson(su, `/dashboard/ticketsUsers?${q}&companyId=${B.companyId}`);
    expect(body.data).toEqual([{ userId: B.adminId, nome: expect.any(String), quantidade: 3 }]);
  });
});
