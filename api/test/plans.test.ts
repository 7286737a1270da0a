import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  SUPER,
  apiError,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { sql } from './support/sql.js';

let t: TestApi;
let su: TestClient;

beforeAll(async () => {
  t = await startTestApi();
  su = await t.login(SUPER.email, SUPER.password);
});
afterAll(() => t?.close());

const plan = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  users: 5,
  connections: 2,
  queues: 3,
  amount: '49,90',
  ...extra,
});
const storedAmount = async (id: number) =>
  (
    await sql<{ amount: string }>(
      t.databaseUrl,
      'SELECT amount::text AS amount FROM plans WHERE id = $1',
      [id],
    )
  )[0]?.amount;

describe('plans CRUD (super admin)', () => {
  it("creates a plan, storing '49,90' as 49.90", async () => {
    const p = await su.call('plansCreate', {
      body: plan('Essencial', { isPublic: false, useFacebook: false, useOpenAi: false }),
    });
    expect(p).toMatchObject({
      name: 'Essencial',
      users: 5,
      connections: 2,
      queues: 3,
      amount: '49.90',
      isPublic: false,
      useFacebook: false,
      useOpenAi: false,
      useWhatsapp: true,
    });
    expect(await storedAmount(p.id)).toBe('49.90');
    expect(await su.call('plansShow', { params: { id: p.id } })).toMatchObject({
      name: 'Essencial',
      amount: '49.90',
    });
    expect((await su.call('plansAll')).map((x) => x.name)).toContain('Essencial');
    expect((await t.client().call('plansPublicList')).map((x) => x.name)).not.toContain(
      'Essencial',
    );
  });

  it.each([
    ['49.9', '49.90'],
    ['1000', '1000.00'],
    [12.5, '12.50'],
    ['0,5', '0.50'],
  ])('stores amount %s as %s', async (amount, stored) => {
    const p = await su.call('plansCreate', { body: plan(`Valor ${String(amount)}`, { amount }) });
    expect(await storedAmount(p.id)).toBe(stored);
  });

  it.each([['49,999'], ['R$ 10'], ['-1'], ['1.000,00'], [''], ['99999999999']])(
    'refuses amount %s naming the field',
    async (amount) => {
      const e = await apiError(() =>
        su.call('plansCreate', { body: plan(`Ruim ${amount}`, { amount }) }),
      );
      expect(e).toMatchObject({
        status: 400,
        code: 'ERR_VALIDATION',
        body: { fields: [{ field: 'amount' }] },
      });
    },
  );

  it('refuses negative limits and a missing name, naming each field', async () => {
    const e = await apiError(() =>
      su.call('plansCreate', {
        body: { name: '', users: -1, connections: 'x', queues: 1, amount: '1' } as never,
      }),
    );
    expect((e.body as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual([
      'connections',
      'name',
      'users',
    ]);
  });

  it('refuses a duplicate name (any case) with 409 ERR_DUPLICATED_PLAN, on create and on update', async () => {
    expect(await apiError(() => su.call('plansCreate', { body: plan('Completo') }))).toMatchObject({
      status: 409,
      code: 'ERR_DUPLICATED_PLAN',
    });
    expect(
      await apiError(() => su.call('plansCreate', { body: plan(' completo ') })),
    ).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_PLAN' });
    const p = await su.call('plansCreate', { body: plan('Renomeável') });
    expect(
      await apiError(() =>
        su.call('plansUpdate', { params: { id: p.id }, body: { name: 'COMPLETO' } }),
      ),
    ).toMatchObject({
      status: 409,
      code: 'ERR_DUPLICATED_PLAN',
    });
    await expect(
      su.call('plansUpdate', { params: { id: p.id }, body: { name: 'RENOMEÁVEL' } }),
    ).resolves.toMatchObject({ name: 'RENOMEÁVEL' });
  });

  it('updates limits, flags and amount', async () => {
    const p = await su.call('plansCreate', { body: plan('Atualizável') });
    const res = await su.call('plansUpdate', {
      params: { id: p.id },
      body: { users: 20, amount: '99,00', useKanban: false, isPublic: true },
    });
    expect(res).toMatchObject({
      users: 20,
      connections: 2,
      amount: '99.00',
      useKanban: false,
      isPublic: true,
    });
    expect(await storedAmount(p.id)).toBe('99.00');
    expect((await t.client().call('plansPublicList')).map((x) => x.name)).toContain('Atualizável');
  });

  it('deletes an unused plan; a plan in use gives 409 ERR_PLAN_IN_USE', async () => {
    const p = await su.call('plansCreate', { body: plan('Descartável') });
    await expect(su.call('plansDelete', { params: { id: p.id } })).resolves.toEqual({
      message: 'Plan deleted',
    });
    expect(await apiError(() => su.call('plansShow', { params: { id: p.id } }))).toMatchObject({
      status: 404,
      code: 'ERR_NO_PLAN_FOUND',
    });
    expect(await apiError(() => su.call('plansDelete', { params: { id: p.id } }))).toMatchObject({
      status: 404,
      code: 'ERR_NO_PLAN_FOUND',
    });
    expect(await apiError(() => su.call('plansDelete', { params: { id: 1 } }))).toMatchObject({
      status: 409,
      code: 'ERR_PLAN_IN_USE',
    });
    expect((await su.call('plansShow', { params: { id: 1 } })).name).toBe('Completo');
  });

  it('answers an unknown plan with 404 on update', async () => {
    expect(
      await apiError(() => su.call('plansUpdate', { params: { id: 424242 }, body: { users: 1 } })),
    ).toMatchObject({
      status: 404,
      code: 'ERR_NO_PLAN_FOUND',
    });
  });

  it('is refused to a company admin', async () => {
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(
      await apiError(() => admin.call('plansCreate', { body: plan('Do Admin') })),
    ).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    expect(await sql(t.databaseUrl, `SELECT id FROM plans WHERE name = 'Do Admin'`)).toEqual([]);
  });
});
