import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_FLAGS, SETTING_DEFAULTS } from '@atendo/domain';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  apiError,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { sql } from './support/sql.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let su: Logged;
let admin: Logged;
let agent: Logged;

beforeAll(async () => {
  t = await startTestApi();
  su = await t.login(SUPER.email, SUPER.password);
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
});
afterAll(() => t?.close());

const plusDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('POST /companies', () => {
  it('creates the company, its admin (who can log in), default settings and two default queues', async () => {
    const company = await su.call('companiesCreate', {
      body: {
        name: 'Nova Empresa',
        email: 'Dono@Nova.io',
        password: 'segredo1',
        planId: 1,
        phone: '11988887777',
      },
    });
    expect(company).toMatchObject({
      name: 'Nova Empresa',
      email: 'dono@nova.io',
      status: true,
      planId: 1,
      recurrence: 'MENSAL',
    });
    expect(company.plan).toMatchObject({ id: 1, name: 'Completo' });
    expect([plusDays(7), plusDays(6), plusDays(8)]).toContain(company.dueDate);

    const login = await t
      .client()
      .call('login', { body: { email: 'dono@nova.io', password: 'segredo1' } });
    expect(login.user).toMatchObject({
      profile: 'admin',
      super: false,
      companyId: company.id,
      company: { name: 'Nova Empresa' },
    });

    const settings = await sql<{ key: string; value: string }>(
      t.databaseUrl,
      'SELECT key, value FROM settings WHERE "companyId" = $1',
      [company.id],
    );
    expect(Object.fromEntries(settings.map((s) => [s.key, s.value]))).toEqual(SETTING_DEFAULTS);
    const queues = await sql<{ name: string }>(
      t.databaseUrl,
      'SELECT name FROM queues WHERE "companyId" = $1 ORDER BY "orderQueue"',
      [company.id],
    );
    expect(queues.map((q) => q.name)).toEqual(['Atendimento', 'Financeiro']);
  });

  it('refuses a duplicate name (any case) with 409 ERR_DUPLICATED_COMPANY and a taken email with 409', async () => {
    const dupName = await apiError(() =>
      su.call('companiesCreate', {
        body: { name: ' DEMO ', email: 'x@dup.io', password: 'segredo1', planId: 1 },
      }),
    );
    expect(dupName).toMatchObject({
      status: 409,
      code: 'ERR_DUPLICATED_COMPANY',
      body: { fields: [{ field: 'name' }] },
    });
    const dupEmail = await apiError(() =>
      su.call('companiesCreate', {
        body: { name: 'Outra', email: DEMO_AGENT.email, password: 'segredo1', planId: 1 },
      }),
    );
    expect(dupEmail).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_EMAIL' });
    expect(await sql(t.databaseUrl, `SELECT id FROM companies WHERE name = 'Outra'`)).toEqual([]);
  });

  it('lets only one of several simultaneous creates with the same name through; the rest get 409', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((i) =>
        su
          .raw('POST', '/companies', {
            name: 'Corrida',
            email: `dono${i}@corrida.io`,
            password: 'segredo1',
            planId: 1,
          })
          .then(async (r) => ({
            status: r.status,
            body: (await r.json()) as { error?: string },
          })),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.error).toBe('ERR_DUPLICATED_COMPANY');
    expect(
      await sql(t.databaseUrl, `SELECT id FROM companies WHERE name = 'Corrida'`),
    ).toHaveLength(1);
  });

  it('names the missing password (and every other missing field)', async () => {
    const e = await apiError(() =>
      su.call('companiesCreate', {
        body: { name: 'Sem Senha', email: 'sem@senha.io', planId: 1 } as never,
      }),
    );
    expect(e).toMatchObject({
      status: 400,
      code: 'ERR_VALIDATION',
      body: { fields: [{ field: 'password' }] },
    });
    const empty = await apiError(() => su.call('companiesCreate', { body: {} as never }));
    expect(
      (empty.body as { fields: { field: string }[] }).fields.map((f) => f.field).sort(),
    ).toEqual(['email', 'name', 'password', 'planId']);
  });

  it('refuses an unknown plan and an impossible due date', async () => {
    const plan = await apiError(() =>
      su.call('companiesCreate', {
        body: { name: 'Sem Plano', email: 'a@semplano.io', password: 'segredo1', planId: 9999 },
      }),
    );
    expect(plan).toMatchObject({ status: 404, code: 'ERR_NO_PLAN_FOUND' });
    const due = await apiError(() =>
      su.call('companiesCreate', {
        body: {
          name: 'Data Ruim',
          email: 'a@data.io',
          password: 'segredo1',
          planId: 1,
          dueDate: '2025-02-30',
        },
      }),
    );
    expect(due).toMatchObject({ status: 400, body: { fields: [{ field: 'dueDate' }] } });
  });
});

describe('PUT /companies/:id', () => {
  let id: number;
  beforeAll(async () => {
    id = (
      await su.call('companiesCreate', {
        body: { name: 'Editável', email: 'dono@editavel.io', password: 'segredo1', planId: 1 },
      })
    ).id;
  });

  it('updates dueDate, recurrence, status and plan', async () => {
    const plan = await su.call('plansCreate', {
      body: { name: 'Básico', users: 3, connections: 1, queues: 2, amount: '49,90' },
    });
    const res = await su.call('companiesUpdate', {
      params: { id },
      body: {
        dueDate: '2030-06-15',
        recurrence: 'TRIMESTRAL',
        status: false,
        planId: plan.id,
        numberAttendants: 3,
      },
    });
    expect(res).toMatchObject({
      dueDate: '2030-06-15',
      recurrence: 'TRIMESTRAL',
      status: false,
      planId: plan.id,
      numberAttendants: 3,
    });
    expect(res.plan?.name).toBe('Básico');
    expect(await su.call('companiesShow', { params: { id } })).toMatchObject({
      dueDate: '2030-06-15',
      status: false,
    });
    const back = await su.call('companiesUpdate', {
      params: { id },
      body: { status: true, dueDate: '2030-07-01T03:00:00.000Z' },
    });
    expect(back).toMatchObject({ status: true, dueDate: '2030-07-01' });
  });

  it.each([
    ['dueDate', { dueDate: '2030-13-01' }],
    ['dueDate', { dueDate: 'tomorrow' }],
    ['recurrence', { recurrence: 'SEMANAL' }],
    ['status', { status: 'yes' }],
    ['name', { name: 'x' }],
    ['email', { email: 'nope' }],
  ])('refuses a bad %s', async (field, body) => {
    const e = await apiError(() =>
      su.call('companiesUpdate', { params: { id }, body: body as never }),
    );
    expect(e).toMatchObject({ status: 400, code: 'ERR_VALIDATION', body: { fields: [{ field }] } });
  });

  it('refuses renaming onto another company, whatever the case', async () => {
    const e = await apiError(() =>
      su.call('companiesUpdate', { params: { id }, body: { name: 'demo' } }),
    );
    expect(e).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_COMPANY' });
    await expect(
      su.call('companiesUpdate', { params: { id }, body: { name: 'EDITÁVEL' } }),
    ).resolves.toMatchObject({ name: 'EDITÁVEL' });
  });

  it('never deactivates the platform company', async () => {
    const e = await apiError(() =>
      su.call('companiesUpdate', { params: { id: 1 }, body: { status: false } }),
    );
    expect(e.status).toBe(403);
    expect((await su.call('companiesShow', { params: { id: 1 } })).status).toBe(true);
  });

  it('answers an unknown company with 404', async () => {
    expect(
      await apiError(() =>
        su.call('companiesUpdate', { params: { id: 999999 }, body: { status: true } }),
      ),
    ).toMatchObject({
      status: 404,
      code: 'ERR_NO_COMPANY_FOUND',
    });
  });
});

describe('DELETE /companies/:id', () => {
  it('deletes the company and everything it owns', async () => {
    const c = await su.call('companiesCreate', {
      body: { name: 'Apagável', email: 'dono@apagavel.io', password: 'segredo1', planId: 1 },
    });
    const owner = await t.login('dono@apagavel.io', 'segredo1');
    await owner.call('usersCreate', {
      body: { name: 'Fulano', email: 'fulano@apagavel.io', password: 'segredo1', queueIds: [] },
    });
    await owner.call('settingsUpdate', {
      params: { key: 'userRating' },
      body: { value: 'enabled' },
    });

    await expect(su.call('companiesDelete', { params: { id: c.id } })).resolves.toEqual({
      message: 'Company deleted',
    });
    const tables = await sql<{ table_name: string }>(
      t.databaseUrl,
      `SELECT table_name FROM information_schema.columns WHERE column_name = 'companyId' AND table_schema = 'public'`,
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const { table_name } of tables) {
      const [{ n }] = await sql<{ n: number }>(
        t.databaseUrl,
        `SELECT count(*)::int AS n FROM "${table_name}" WHERE "companyId" = $1`,
        [c.id],
      );
      expect(n, table_name).toBe(0);
    }
    expect(await apiError(() => su.call('companiesShow', { params: { id: c.id } }))).toMatchObject({
      status: 404,
    });
    expect(
      await apiError(() =>
        t.client().call('login', { body: { email: 'dono@apagavel.io', password: 'segredo1' } }),
      ),
    ).toMatchObject({ status: 401 });
    expect(await apiError(() => owner.call('me'))).toMatchObject({ status: 401 });
    expect(
      await apiError(() => su.call('companiesDelete', { params: { id: c.id } })),
    ).toMatchObject({ status: 404, code: 'ERR_NO_COMPANY_FOUND' });
  });

  it('never deletes the platform company', async () => {
    const e = await apiError(() => su.call('companiesDelete', { params: { id: 1 } }));
    expect(e).toMatchObject({ status: 400, code: 'ERR_CANNOT_DELETE_PLATFORM_COMPANY' });
    expect((await su.call('companiesShow', { params: { id: 1 } })).name).toBe('Atendo');
  });
});

describe('reading companies', () => {
  it("GET /companies/listPlan/:id gives the company's plan with every use* flag (own company, or any for super)", async () => {
    for (const c of [admin, agent, su]) {
      const { plan } = await c.call('companiesListPlan', { params: { id: admin.user.companyId } });
      expect(plan.name).toBe('Completo');
      for (const flag of PLAN_FLAGS) expect(plan[flag], flag).toBe(true);
    }
  });

  it('GET /companies/:id shows the own company with its settings', async () => {
    const c = await agent.call('companiesShow', { params: { id: agent.user.companyId } });
    expect(c).toMatchObject({ id: agent.user.companyId, name: 'Demo' });
    expect(c.companieSettings?.map((s) => s.key)).toContain('userRating');
  });

  it('GET /companies and /companies/list give every company with its plan (super)', async () => {
    for (const name of ['companiesIndex', 'companiesList'] as const) {
      const list = await su.call(name);
      expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(['Atendo', 'Demo']));
      expect(list.find((c) => c.id === 1)).toMatchObject({
        dueDate: '2999-12-31',
        plan: { name: 'Completo' },
      });
    }
  });

  it('GET /companiesPlan pages 20 at a time and searches by name case-insensitively', async () => {
    for (let i = 1; i <= 22; i++) {
      await sql(
        t.databaseUrl,
        `INSERT INTO companies (name, "planId", schedules) VALUES ($1, 1, '[]')`,
        [`Lote ${String(i).padStart(2, '0')}`],
      );
    }
    const [{ total }] = await sql<{ total: number }>(
      t.databaseUrl,
      'SELECT count(*)::int AS total FROM companies',
    );
    const page1 = await su.call('companiesPlan', { query: { pageNumber: 1 } });
    expect(page1.companies).toHaveLength(20);
    expect(page1).toMatchObject({ hasMore: true, count: total });
    const last = await su.call('companiesPlan', { query: { pageNumber: Math.ceil(total / 20) } });
    expect(last.hasMore).toBe(false);
    expect(last.companies).toHaveLength(total - 20 * (Math.ceil(total / 20) - 1));
    const found = await su.call('companiesPlan', { query: { searchParam: 'LOTE 1' } });
    expect(found.companies.map((c) => c.name)).toEqual(
      [...Array(10)].map((_, i) => `Lote ${10 + i}`),
    );
    expect(found.companies[0]!.plan).toMatchObject({ name: 'Completo', amount: '199.90' });
    expect((await su.call('companiesPlan', { query: { searchParam: '%' } })).count).toBe(0);
  });
});

describe('PUT /companies/:id/schedules', () => {
  const week = [
    {
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    },
    {
      weekday: 'Sábado',
      weekdayEn: 'saturday',
      startTimeA: '09:00',
      endTimeA: '13:00',
      startTimeB: '',
      endTimeB: '',
    },
  ] as const;

  it("saves the company's working hours (its admin)", async () => {
    const res = await admin.call('companiesSchedules', {
      params: { id: admin.user.companyId },
      body: { schedules: [...week] },
    });
    expect(res.id).toBe(admin.user.companyId);
    const [row] = await sql<{ schedules: unknown }>(
      t.databaseUrl,
      'SELECT schedules FROM companies WHERE id = $1',
      [admin.user.companyId],
    );
    expect(row!.schedules).toEqual(week);
  });

  it.each(['24:00', '8:00', '08:60', '0800', 'noon', '08:00:00'])(
    'refuses the time %s naming the field',
    async (time) => {
      const e = await apiError(() =>
        admin.call('companiesSchedules', {
          params: { id: admin.user.companyId },
          body: { schedules: [{ weekdayEn: 'monday', startTimeA: time }] },
        }),
      );
      expect(e).toMatchObject({
        status: 400,
        code: 'ERR_VALIDATION',
        body: { fields: [{ field: 'schedules.0.startTimeA' }] },
      });
    },
  );

  it('refuses an unknown weekday, more than 7 days, and an agent', async () => {
    const e = await apiError(() =>
      admin.call('companiesSchedules', {
        params: { id: admin.user.companyId },
        body: { schedules: [{ weekdayEn: 'funday' as never }] },
      }),
    );
    expect(e).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'schedules.0.weekdayEn' }] },
    });
    const eight = [...Array(8)].map(() => ({ weekdayEn: 'monday' as const }));
    expect(
      await apiError(() =>
        admin.call('companiesSchedules', {
          params: { id: admin.user.companyId },
          body: { schedules: eight },
        }),
      ),
    ).toMatchObject({
      status: 400,
    });
    expect(
      await apiError(() =>
        agent.call('companiesSchedules', {
          params: { id: agent.user.companyId },
          body: { schedules: [] },
        }),
      ),
    ).toMatchObject({
      status: 403,
      code: 'ERR_NO_PERMISSION',
    });
  });

  it('lets the super admin set any company', async () => {
    const res = await su.call('companiesSchedules', {
      params: { id: admin.user.companyId },
      body: { schedules: [week[0]] },
    });
    expect(res.id).toBe(admin.user.companyId);
  });
});
