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
// Response bodies are read loosely: the assertions say what they must hold.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

let t: TestApi;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
const A = { companyId: 0, adminId: 0, agentId: 0, adminName: '', w1: 0, w2: 0, q1: 0, q2: 0 };
const B = { companyId: 0, adminId: 0, w: 0, q: 0, contact: 0, ticket: 0 };
const c: Record<string, number> = {};
const r: Record<string, number> = {};
let seq = 0;

const run = (text: string, params: unknown[] = []) => sql(t.databaseUrl, text, params);
const one = async (text: string, params: unknown[] = []) =>
  Number((await run(text, params))[0]!.id);

const contact = (companyId: number, name: string, number: string) =>
  one(`INSERT INTO contacts ("companyId", name, number) VALUES ($1, $2, $3) RETURNING id`, [
    companyId,
    name,
    number,
  ]);

interface Row {
  contactId: number;
  status: string;
  at: string;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
  closed?: string;
  ratingAsked?: string;
  rate?: number;
}

/** A ticket created at `at` (ISO, UTC) with one tracking cycle and, when given, a rating. */
async function ticket(companyId: number, o: Row): Promise<number> {
  seq++;
  const id = await one(
    `INSERT INTO tickets ("companyId", "contactId", status, "userId", "queueId", "whatsappId",
                          "lastMessage", protocol, "createdAt", "updatedAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
    [
      companyId,
      o.contactId,
      o.status,
      o.userId ?? null,
      o.queueId ?? null,
      o.whatsappId ?? null,
      `Mensagem número ${seq} com um texto bem comprido`,
      `PROTO-${seq}`,
      o.at,
    ],
  );
  await run(
    `INSERT INTO ticket_traking ("companyId", "ticketId", "userId", "queuedAt", "closedAt", "finishedAt", "ratingAt", "createdAt")
     VALUES ($1, $2, $3, $4, $5, $5, $6, $4)`,
    [companyId, id, o.userId ?? null, o.at, o.closed ?? null, o.ratingAsked ?? null],
  );
  if (o.rate !== undefined)
    await run(
      `INSERT INTO user_ratings ("companyId", "ticketId", "userId", rate) VALUES ($1, $2, $3, $4)`,
      [companyId, id, o.userId ?? null, o.rate],
    );
  return id;
}

async function report(client: TestClient, query: string) {
  const res = await client.raw('GET', `/ticketreport/reports?${query}`);
  return { status: res.status, body: (await res.json()) as Json };
}

/** The ids of a report's page (newest first) for `query`, asked by company A's admin. */
async function ids(query: string): Promise<number[]> {
  const { status, body } = await report(aAdmin, query);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.tickets as Json[]).map((row) => row.id as number);
}

const W = 'dateFrom=2025-03-10&dateTo=2025-03-11';

beforeAll(async () => {
  t = await startTestApi();
  const su = await t.login(SUPER.email, SUPER.password);
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  Object.assign(A, {
    companyId: aAdmin.user.companyId,
    adminId: aAdmin.user.id,
    agentId: aAgent.user.id,
  });
  A.adminName = String((await run(`SELECT name FROM users WHERE id = $1`, [A.adminId]))[0]!.name);
  const company = await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  B.companyId = company.id;
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  B.adminId = bAdmin.user.id;
  // UTC-3 all year: a day runs 03:00Z..03:00Z.
  await run(`UPDATE companies SET timezone = 'America/Sao_Paulo' WHERE id = ANY($1)`, [
    [A.companyId, B.companyId],
  ]);

  const cA = A.companyId;
  const whatsapp = (companyId: number, name: string) =>
    one(`INSERT INTO whatsapps ("companyId", name) VALUES ($1, $2) RETURNING id`, [
      companyId,
      name,
    ]);
  // Queue names and colours are unique per company.
  const queue = (companyId: number, name: string) =>
    one(`INSERT INTO queues ("companyId", name, color) VALUES ($1, $2, $3) RETURNING id`, [
      companyId,
      name,
      `#${String(++seq).padStart(6, '0')}`,
    ]);
  A.w1 = await whatsapp(cA, 'Conexão Relatório Loja');
  A.w2 = await whatsapp(cA, 'Conexão Relatório Suporte');
  A.q1 = await queue(cA, 'Fila Relatório Vendas');
  A.q2 = await queue(cA, 'Fila Relatório Financeiro');
  c.maria = await contact(cA, 'Maria Souza Albuquerque de Oliveira', '5511988887777');
  c.joao = await contact(cA, 'João Lima', '5521977776666');
  c.mariana = await contact(cA, 'Mariana Souza', '5511966665555');
  const base = { whatsappId: A.w1, queueId: A.q1 };
  r.r1 = await ticket(cA, {
    ...base,
    contactId: c.maria,
    status: 'closed',
    userId: A.adminId,
    at: '2025-03-10T12:00:00Z',
    closed: '2025-03-10T13:30:15Z',
    rate: 9,
  });
  r.r2 = await ticket(cA, {
    contactId: c.joao,
    status: 'open',
    userId: A.agentId,
    queueId: A.q2,
    whatsappId: A.w2,
    at: '2025-03-11T15:00:00Z',
  });
  // 23:30 of the 11th in São Paulo, already the 12th in UTC: inside 10..11.
  r.r3 = await ticket(cA, {
    contactId: c.mariana,
    status: 'pending',
    whatsappId: A.w1,
    at: '2025-03-12T02:30:00Z',
  });
  // 23:30 of the 9th in São Paulo, already the 10th in UTC: outside 10..11.
  r.r4 = await ticket(cA, {
    ...base,
    contactId: c.joao,
    status: 'closed',
    userId: A.agentId,
    at: '2025-03-10T02:30:00Z',
    closed: '2025-03-10T03:00:00Z',
  });
  // Closed two days later: more than 24 hours; a 0 rating is still a rating.
  r.r5 = await ticket(cA, {
    contactId: c.joao,
    status: 'closed',
    userId: A.agentId,
    queueId: A.q2,
    whatsappId: A.w2,
    at: '2025-03-10T20:00:00Z',
    closed: '2025-03-12T21:05:00Z',
    rate: 0,
  });
  // Waiting for the contact's rating: the service ended when it was asked.
  r.r6 = await ticket(cA, {
    ...base,
    contactId: c.maria,
    status: 'nps',
    userId: A.adminId,
    at: '2025-03-11T10:00:00Z',
    ratingAsked: '2025-03-11T10:45:00Z',
  });
  r.today = await ticket(cA, {
    ...base,
    contactId: c.joao,
    status: 'open',
    userId: A.adminId,
    at: new Date().toISOString(),
  });

  B.w = await whatsapp(B.companyId, 'Loja B');
  B.q = await queue(B.companyId, 'Fila B');
  B.contact = await contact(B.companyId, 'Maria de B', '5511911112222');
  B.ticket = await ticket(B.companyId, {
    contactId: B.contact,
    status: 'closed',
    userId: B.adminId,
    queueId: B.q,
    whatsappId: B.w,
    at: '2025-03-10T12:00:00Z',
    closed: '2025-03-10T12:30:00Z',
    rate: 10,
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /ticketreport/reports', () => {
  it('lists the period newest first with names, times and ratings', async () => {
    const { status, body } = await report(aAdmin, W);
    expect(status).toBe(200);
    expect(body.totalTickets).toEqual({ total: 5 });
    const rows = body.tickets as Json[];
    expect(rows.map((row) => row.id)).toEqual([r.r3, r.r2, r.r6, r.r5, r.r1]);
    const byId = new Map(rows.map((row) => [row.id as number, row]));
    expect(byId.get(r.r1)).toEqual({
      id: r.r1,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      whatsappName: 'Conexão Relatório Loja',
      contactName: 'Maria Souza Albuquerque de Oliveira',
      userName: A.adminName,
      queueName: 'Fila Relatório Vendas',
      status: 'closed',
      lastMessage: expect.stringContaining('Mensagem número'),
      createdAt: '2025-03-10T12:00:00.000Z',
      closedAt: '2025-03-10T13:30:15.000Z',
      supportTime: '01:30:15',
      NPS: 9,
    });
    expect(byId.get(r.r5)).toMatchObject({ supportTime: '49:05:00', NPS: 0, status: 'closed' });
    expect(byId.get(r.r6)).toMatchObject({
      status: 'nps',
      closedAt: null,
      supportTime: '00:45:00',
    });
    expect(byId.get(r.r3)).toMatchObject({ userName: null, queueName: null, NPS: null });
    // Still open: counted to now, hours past 24.
    const open = byId.get(r.r2)!;
    expect(open.closedAt).toBeNull();
    const hours = (Date.now() - Date.parse('2025-03-11T15:00:00Z')) / 3_600_000;
    const [h] = String(open.supportTime).split(':').map(Number);
    expect(String(open.supportTime)).toMatch(/^\d{2,}:[0-5]\d:[0-5]\d$/);
    expect(Math.abs(h! - hours)).toBeLessThan(1);
  });

  it('reads the days in the company time zone and defaults to the month so far', async () => {
    expect(await ids('dateFrom=2025-03-09&dateTo=2025-03-09')).toEqual([r.r4]);
    expect(await ids('dateFrom=2025-03-11&dateTo=2025-03-11')).toEqual([r.r3, r.r2, r.r6]);
    expect(await ids('dateFrom=2025-03-12&dateTo=2025-03-12')).toEqual([]);
    expect(await ids('')).toEqual([r.today]);
    expect(await ids('dateFrom=&dateTo=')).toEqual([r.today]);
    const all = await report(aAdmin, 'dateFrom=2025-01-01&pageSize=30');
    expect(all.body.totalTickets.total).toBe(7);
  });

  it('narrows by every filter, as JSON text, lists or repeated parameters', async () => {
    expect(await ids(`${W}&status=["closed"]`)).toEqual([r.r5, r.r1]);
    expect(await ids(`${W}&status=closed&status=nps`)).toEqual([r.r6, r.r5, r.r1]);
    expect(await ids(`${W}&users=[${A.adminId}]`)).toEqual([r.r6, r.r1]);
    expect(await ids(`${W}&users=${A.adminId},${A.agentId}`)).toEqual([r.r2, r.r6, r.r5, r.r1]);
    expect(await ids(`${W}&queueIds=[${A.q2}]`)).toEqual([r.r2, r.r5]);
    expect(await ids(`${W}&whatsappId=[${A.w2}]`)).toEqual([r.r2, r.r5]);
    expect(await ids(`${W}&whatsappId=${A.w1}&whatsappId=${A.w2}`)).toHaveLength(5);
    expect(await ids(`${W}&contactId=${c.joao}`)).toEqual([r.r2, r.r5]);
    expect(await ids(`${W}&contactId=`)).toHaveLength(5);
    expect(await ids(`${W}&searchParam=souza`)).toEqual([r.r3, r.r6, r.r1]);
    expect(await ids(`${W}&searchParam=97777`)).toEqual([r.r2, r.r5]);
    const [{ protocol }] = await run(`SELECT protocol FROM tickets WHERE id = $1`, [r.r1]);
    expect(await ids(`${W}&searchParam=${String(protocol)}`)).toContain(r.r1);
    expect(await ids(`${W}&searchParam=100%25`)).toEqual([]);
    expect(await ids(`${W}&onlyRated=true`)).toEqual([r.r5, r.r1]);
    expect(await ids(`${W}&onlyRated=false`)).toHaveLength(5);
    // Filters combine, and the count follows them.
    const both = await report(aAdmin, `${W}&onlyRated=true&users=[${A.agentId}]`);
    expect(both.body.tickets.map((row: Json) => row.id)).toEqual([r.r5]);
    expect(both.body.totalTickets.total).toBe(1);
    const search = await report(aAdmin, `${W}&searchParam=maria`);
    expect(search.body.totalTickets.total).toBe(3);
  });

  it('pages with the total of every page', async () => {
    const first = await report(aAdmin, `${W}&pageSize=2&page=1`);
    expect(first.body.tickets.map((row: Json) => row.id)).toEqual([r.r3, r.r2]);
    expect(first.body.totalTickets.total).toBe(5);
    expect(await ids(`${W}&pageSize=2&page=2`)).toEqual([r.r6, r.r5]);
    expect(await ids(`${W}&pageSize=2&page=3`)).toEqual([r.r1]);
    expect(await ids(`${W}&pageSize=2&page=4`)).toEqual([]);
    expect(await ids(`${W}&page=1&pageSize=9999999`)).toHaveLength(5);
    // The default page holds 10 rows.
    await run(
      `INSERT INTO tickets ("companyId", "contactId", status, protocol, "createdAt", "updatedAt")
       SELECT $1, $2, 'closed', 'BULK-' || g, '2024-06-15T12:00:00Z'::timestamptz + g * interval '1 second',
              '2024-06-15T12:00:00Z'
         FROM generate_series(1, 10005) g`,
      [A.companyId, c.joao],
    );
    const june = 'dateFrom=2024-06-01&dateTo=2024-06-30';
    expect(await ids(june)).toHaveLength(10);
    // The export's 9999999 is served 10000 rows at a time; the total still counts them all.
    const big = await report(aAdmin, `${june}&pageSize=9999999`);
    expect(big.body.tickets).toHaveLength(10_000);
    expect(big.body.totalTickets.total).toBe(10_005);
    expect(await ids(`${june}&pageSize=9999999&page=2`)).toHaveLength(5);
  });

  it('answers admins and showDashboard holders; other users get 403', async () => {
    const denied = await report(aAgent, W);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('ERR_NO_PERMISSION');
    await run(`UPDATE users SET "showDashboard" = 'enabled' WHERE id = $1`, [A.agentId]);
    try {
      const allowed = await report(aAgent, W);
      expect(allowed.status).toBe(200);
      // showDashboard counts as admin for the report: the whole company, not the agent's own.
      expect(allowed.body.totalTickets.total).toBe(5);
    } finally {
      await run(`UPDATE users SET "showDashboard" = 'disabled' WHERE id = $1`, [A.agentId]);
    }
    expect((await t.client().raw('GET', `/ticketreport/reports?${W}`)).status).toBe(401);
  });

  it("never shows another company's tickets, whatever ids the filters name", async () => {
    const wide = 'dateFrom=2025-01-01&dateTo=2025-12-31';
    for (const filter of [
      `users=[${B.adminId}]`,
      `queueIds=[${B.q}]`,
      `whatsappId=[${B.w}]`,
      `contactId=${B.contact}`,
      'searchParam=Maria de B',
    ]) {
      const { status, body } = await report(aAdmin, `${wide}&${filter}`);
      expect(status, filter).toBe(200);
      expect(body, filter).toEqual({ tickets: [], totalTickets: { total: 0 } });
    }
    const own = await report(bAdmin, `${wide}&pageSize=30`);
    expect(own.body.tickets.map((row: Json) => row.id)).toEqual([B.ticket]);
    expect(own.body.totalTickets.total).toBe(1);
    const agentOfA = await report(bAdmin, `${wide}&users=[${A.adminId}]&contactId=${c.maria}`);
    expect(agentOfA.body).toEqual({ tickets: [], totalTickets: { total: 0 } });
  });

  it('refuses a malformed query with 400 naming the field', async () => {
    for (const [query, field] of [
      ['status=["solved"]', 'status'],
      ['status=[1', 'status'],
      ['users=[abc]', 'users'],
      ['queueIds=[-1]', 'queueIds'],
      ['whatsappId={"a":1}', 'whatsappId'],
      ['contactId=x', 'contactId'],
      ['dateFrom=2025-02-30', 'dateFrom'],
      ['dateTo=10/03/2025', 'dateTo'],
      ['dateFrom=2025-03-11&dateTo=2025-03-10', 'dateTo'],
      ['page=0', 'page'],
      ['pageSize=-5', 'pageSize'],
      ['pageSize=99999999', 'pageSize'],
      ['onlyRated=maybe', 'onlyRated'],
      [`searchParam=${'x'.repeat(201)}`, 'searchParam'],
    ] as const) {
      const { status, body } = await report(aAdmin, query);
      expect(status, query).toBe(400);
      expect(body.error, query).toBe('ERR_VALIDATION');
      expect(JSON.stringify(body), query).toContain(field);
    }
  });
});
