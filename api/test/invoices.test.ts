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

/** `n` invoices of a company, monthly from 2031-01-10, the first `paid` of them paid. */
async function issue(companyId: number, n: number, paid = 0, detail = 'Plano Básico') {
  for (let i = 0; i < n; i++) {
    await sql(
      t.databaseUrl,
      `INSERT INTO invoices ("companyId", detail, value, users, connections, "dueDate", status)
       VALUES ($1, $2, 49.9, 3, 3, ('2031-01-10'::date + ($3 || ' months')::interval)::date, $4)`,
      [companyId, detail, i, i < paid ? 'paid' : 'open'],
    );
  }
}

beforeAll(async () => {
  t = await startTestApi({ LOGIN_RATE_LIMIT: '1000' });
  su = await t.login(SUPER.email, SUPER.password);
  await su.call('companiesCreate', {
    body: {
      name: 'Empresa Faturas B',
      email: 'admin@faturas-b.io',
      password: 'segredo1',
      planId: 1,
    },
  });
  bAdmin = await t.login('admin@faturas-b.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  await issue(aAdmin.user.companyId, 23, 2);
  await issue(bAdmin.user.companyId, 2, 0, 'Plano da B');
}, 60_000);
afterAll(() => t?.close());

describe('GET /invoices', () => {
  it("pages the company's invoices, newest due date first, 20 a page", async () => {
    const first = await aAdmin.call('invoicesIndex', { query: {} });
    expect(first).toMatchObject({ count: 23, hasMore: true });
    expect(first.invoices).toHaveLength(20);
    expect(first.invoices[0]).toMatchObject({
      dueDate: '2032-11-10',
      value: '49.90',
      users: 3,
      connections: 3,
      status: 'open',
      detail: 'Plano Básico',
    });
    const second = await aAdmin.call('invoicesIndex', { query: { pageNumber: 2 } });
    expect(second).toMatchObject({ count: 23, hasMore: false });
    expect(second.invoices.map((i) => i.dueDate)).toEqual([
      '2031-03-10',
      '2031-02-10',
      '2031-01-10',
    ]);
    expect(second.invoices.filter((i) => i.status === 'paid')).toHaveLength(2);
  });

  it('searches detail, due date (ISO or dd/mm/yyyy) and Pago', async () => {
    const byDate = await aAdmin.call('invoicesIndex', { query: { searchParam: '10/02/2031' } });
    expect(byDate.invoices.map((i) => i.dueDate)).toEqual(['2031-02-10']);
    const paid = await aAdmin.call('invoicesIndex', { query: { searchParam: 'pago' } });
    expect(paid.count).toBe(2);
    const none = await aAdmin.call('invoicesIndex', { query: { searchParam: '100%' } });
    expect(none.count).toBe(0);
  });

  it('shows a company only its own invoices; profile user has no access', async () => {
    const b = await bAdmin.call('invoicesIndex', { query: {} });
    expect(b.invoices.map((i) => i.detail)).toEqual(['Plano da B', 'Plano da B']);
    const a = await aAdmin.call('invoicesIndex', { query: { searchParam: 'Plano da B' } });
    expect(a.count).toBe(0);
    expect((await aAgent.raw('GET', '/invoices')).status).toBe(403);
    expect((await t.client().raw('GET', '/invoices')).status).toBe(401);
  });

  it('refuses malformed queries with 400 naming the field', async () => {
    for (const [c, p, field] of [
      [aAdmin, '/invoices?pageNumber=abc', 'query.pageNumber'],
      [aAdmin, '/invoices?pageNumber=0', 'query.pageNumber'],
      [su, '/invoices/all?status=late', 'query.status'],
      [su, '/invoices/all?companyId=x', 'query.companyId'],
    ] as const) {
      const res = await c.raw('GET', p);
      expect(res.status, p).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field }] });
    }
  });
});

describe('GET /invoices/all', () => {
  /** The super admin's paged answer (a company admin's is a plain list). */
  const paged = async (query: Record<string, unknown>) => {
    const page = await su.call('invoicesAll', { query });
    if (Array.isArray(page)) throw new Error('the super admin got a list, not a page');
    return page;
  };

  it("lists every company's invoices for the super admin, by company and status", async () => {
    const all = await paged({});
    expect(all.count).toBe(25);
    const b = await paged({ companyId: bAdmin.user.companyId });
    expect(b.invoices).toHaveLength(2);
    expect(b.invoices[0]).toMatchObject({
      companyId: bAdmin.user.companyId,
      companyName: 'Empresa Faturas B',
    });
    const paid = await paged({ status: 'paid' });
    expect(paid.invoices.map((i) => i.companyId)).toEqual([
      aAdmin.user.companyId,
      aAdmin.user.companyId,
    ]);
    const byName = await paged({ searchParam: 'faturas b' });
    expect(byName.count).toBe(2);
  });

  it("answers a company's admin with that company's own invoices, as one list; agents are refused", async () => {
    // What the financial pages of this product family read: an array of the company's invoices.
    const res = await bAdmin.raw('GET', `/invoices/all?companyId=${aAdmin.user.companyId}`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as { id: number; linkInvoice: string | null }[];
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(2);
    const own = await bAdmin.call('invoicesIndex', { query: {} });
    expect(list.map((i) => i.id).sort()).toEqual(own.invoices.map((i) => i.id).sort());
    const a = await aAdmin.call('invoicesAll', { query: { searchParam: 'zzz-nada' } });
    expect(a).toEqual([]);
    const denied = await aAgent.raw('GET', '/invoices/all');
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  });
});
