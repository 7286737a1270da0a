import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdateUserInput } from '@atendo/domain';
import {
  DEMO_ADMIN,
  SUPER,
  apiError,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { sql } from './support/sql.js';

/**
 * The user modal's rules (docs/product/users-and-auth.md#validation, docs/product/users-and-auth.md#roles-and-permissions) that users.test.ts leaves out: every admin-only field
 * refused to a plain user editing themselves, the plan's user limit as the company's own admin
 * meets it, company B's users out of company A's reach, and malformed ids and queries.
 */

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let su: Logged;
let aAdmin: Logged;
let aSelf: Logged;
let bAdmin: Logged;
const B = { companyId: 0, agentId: 0, queueId: 0, whatsappId: 0 };

const userRow = (id: number) =>
  sql(
    t.databaseUrl,
    `SELECT id, "companyId", name, email, "passwordHash", profile, "whatsappId", "startWork",
            "endWork", "allowGroup", "allHistoric", "allUserChat", "userClosePendingTicket",
            "allowRealTime", "tokenVersion"
       FROM users WHERE id = $1`,
    [id],
  );
const companyUsers = (companyId: number) =>
  sql(
    t.databaseUrl,
    `SELECT u.id, u.name, u.email, u."passwordHash", u.profile,
            array(SELECT "queueId" FROM user_queues q WHERE q."userId" = u.id ORDER BY 1) AS queues
       FROM users u WHERE u."companyId" = $1 ORDER BY u.id`,
    [companyId],
  );

beforeAll(async () => {
  t = await startTestApi();
  su = await t.login(SUPER.email, SUPER.password);
  const plan = await su.call('plansCreate', {
    body: { name: 'Três', users: 3, connections: 1, queues: 2, amount: '30' },
  });
  const company = await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@b.io', password: 'segredo1', planId: plan.id },
  });
  B.companyId = company.id;
  bAdmin = await t.login('admin@b.io', 'segredo1');
  [{ id: B.queueId }] = await sql<{ id: number }>(
    t.databaseUrl,
    'INSERT INTO queues ("companyId", name, color) VALUES ($1, $2, $3) RETURNING id',
    [B.companyId, 'Fila B', '#123456'],
  );
  [{ id: B.whatsappId }] = await sql<{ id: number }>(
    t.databaseUrl,
    'INSERT INTO whatsapps ("companyId", name) VALUES ($1, $2) RETURNING id',
    [B.companyId, 'Conexão B'],
  );
  B.agentId = (
    await bAdmin.call('usersCreate', {
      body: { name: 'Agente B', email: 'agente@b.io', password: 'segredo1' },
    })
  ).id;
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const self = await aAdmin.call('usersCreate', {
    body: { name: 'Comum A', email: 'comum@a.io', password: 'segredo1' },
  });
  aSelf = await t.login(self.email, 'segredo1');
});
afterAll(() => t?.close());

describe('a plain user editing themselves', () => {
  it.each<[string, () => UpdateUserInput]>([
    ['whatsappId', () => ({ whatsappId: 1 })],
    ['endWork', () => ({ endWork: '12:00' })],
    ['allowGroup', () => ({ allowGroup: true })],
    ['allHistoric', () => ({ allHistoric: 'enabled' })],
    ['allUserChat', () => ({ allUserChat: 'enabled' })],
    ['userClosePendingTicket', () => ({ userClosePendingTicket: 'disabled' })],
    ['allowRealTime', () => ({ allowRealTime: 'enabled' })],
  ])('may not change %s (403 ERR_NO_PERMISSION, row unchanged)', async (_f, body) => {
    const before = await userRow(aSelf.user.id);
    expect(
      await apiError(() =>
        aSelf.call('usersUpdate', { params: { id: aSelf.user.id }, body: body() }),
      ),
    ).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    expect(await userRow(aSelf.user.id)).toEqual(before);
  });

  it('may change their own email (kept lower-case) and menu', async () => {
    const res = await aSelf.call('usersUpdate', {
      params: { id: aSelf.user.id },
      body: { email: 'Comum2@A.io', defaultMenu: 'closed' },
    });
    expect(res).toMatchObject({ email: 'comum2@a.io', defaultMenu: 'closed', profile: 'user' });
  });
});

describe("the plan's user limit", () => {
  it("stops the company's own admin with 403 ERR_USER_LIMIT_REACHED, nothing written", async () => {
    // Plan of 3: the admin and Agente B exist, one more fits.
    await bAdmin.call('usersCreate', {
      body: { name: 'Terceiro', email: 'terceiro@b.io', password: 'segredo1' },
    });
    const e = await apiError(() =>
      bAdmin.call('usersCreate', {
        body: { name: 'Quarto', email: 'quarto@b.io', password: 'segredo1' },
      }),
    );
    expect(e).toMatchObject({ status: 403, code: 'ERR_USER_LIMIT_REACHED' });
    expect(
      await sql(t.databaseUrl, 'SELECT id FROM users WHERE email = $1', ['quarto@b.io']),
    ).toEqual([]);
  });
});

describe("company B's users out of company A's reach", () => {
  it("answers A's admin 404 ERR_NO_USER_FOUND (A's agent 403/404) on reads, edits, width and deletes", async () => {
    const before = await companyUsers(B.companyId);
    for (const actor of [aAdmin, aSelf]) {
      for (const call of [
        () => actor.call('usersShow', { params: { id: B.agentId } }),
        () =>
          actor.call('usersUpdate', {
            params: { id: B.agentId },
            body: { name: 'Tomado', password: 'tomada1' },
          }),
        () =>
          actor.call('usersToggleWidth', {
            params: { id: B.agentId },
            body: { defaultTicketsManagerWidth: 500 },
          }),
      ]) {
        const e = await apiError(call);
        expect([403, 404]).toContain(e.status);
        if (actor === aAdmin) expect(e).toMatchObject({ status: 404, code: 'ERR_NO_USER_FOUND' });
      }
    }
    expect(
      await apiError(() => aAdmin.call('usersDelete', { params: { id: B.agentId } })),
    ).toMatchObject({ status: 404, code: 'ERR_NO_USER_FOUND' });
    expect(
      await apiError(() => aSelf.call('usersDelete', { params: { id: B.agentId } })),
    ).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    expect(await companyUsers(B.companyId)).toEqual(before);
  });

  it("creates in A's own company whatever companyId an admin names, and refuses B's queues and connections", async () => {
    const before = await companyUsers(B.companyId);
    const made = await aAdmin.call('usersCreate', {
      body: { name: 'Só A', email: 'so-a@a.io', password: 'segredo1', companyId: B.companyId },
    });
    expect(made.companyId).toBe(aAdmin.user.companyId);
    for (const body of [{ queueIds: [B.queueId] }, { whatsappId: B.whatsappId }]) {
      expect(
        await apiError(() =>
          aAdmin.call('usersCreate', {
            body: { name: 'Ligado B', email: 'ligado-b@a.io', password: 'segredo1', ...body },
          }),
        ),
      ).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
      expect(
        await apiError(() => aAdmin.call('usersUpdate', { params: { id: made.id }, body })),
      ).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
    }
    expect(await companyUsers(B.companyId)).toEqual(before);
  });

  it("lists only A's users, whatever companyId a non-super names", async () => {
    for (const actor of [aAdmin, aSelf]) {
      const page = await actor.call('usersIndex', {
        query: { companyId: B.companyId, searchParam: '@b.io' },
      });
      expect(page).toEqual({ users: [], count: 0, hasMore: false });
      const all = await actor.call('usersList', { query: { companyId: B.companyId } });
      expect(all.every((u) => u.companyId === actor.user.companyId)).toBe(true);
    }
  });
});

describe('malformed input', () => {
  it.each([
    ['GET', '/users/abc'],
    ['GET', '/users/1.5'],
    ['DELETE', '/users/abc'],
    ['GET', '/users?pageNumber=abc'],
    ['GET', '/users?pageNumber=0'],
    ['GET', '/users?companyId=x'],
    ['GET', '/users/list?companyId=x'],
  ])('%s %s → 400 ERR_VALIDATION', async (method, path) => {
    const res = await aAdmin.raw(method, path);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
  });

  it('refuses a body that is not an object, and a bad width, changing nothing', async () => {
    const before = await userRow(aSelf.user.id);
    for (const [method, path, body] of [
      ['PUT', `/users/${aSelf.user.id}`, [1, 2]],
      ['PUT', `/users/${aSelf.user.id}`, { name: 42, profile: 'root' }],
      ['PUT', `/users/toggleChangeWidht/${aSelf.user.id}`, { defaultTicketsManagerWidth: 'x' }],
      ['PUT', '/users/toggleChangeWidht/abc', { defaultTicketsManagerWidth: 500 }],
    ] as const) {
      const res = await aSelf.raw(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
    }
    expect(await userRow(aSelf.user.id)).toEqual(before);
  });

  it('answers 404 ERR_NO_USER_FOUND for an id nobody has', async () => {
    expect(
      await apiError(() =>
        aAdmin.call('usersUpdate', { params: { id: 987654 }, body: { name: 'Ninguém' } }),
      ),
    ).toMatchObject({ status: 404, code: 'ERR_NO_USER_FOUND' });
  });
});
