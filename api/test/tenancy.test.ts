import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { companySnapshot } from './support/sql.js';
import { PNG_1X1, postFile } from './support/upload.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let su: Logged;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
const B = { companyId: 0, adminId: 0, agentId: 0, queueId: 0 };
let before: Awaited<ReturnType<typeof companySnapshot>>;

beforeAll(async () => {
  t = await startTestApi();
  su = await t.login(SUPER.email, SUPER.password);
  const company = await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  B.companyId = company.id;
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  B.adminId = bAdmin.user.id;
  const queues = await companySnapshot(t.databaseUrl, B.companyId);
  B.queueId = Number(queues.queues[0]!.id);
  const agent = await bAdmin.call('usersCreate', {
    body: {
      name: 'Agente B',
      email: 'agente@empresa-b.io',
      password: 'segredo1',
      queueIds: [B.queueId],
    },
  });
  B.agentId = agent.id;
  await bAdmin.call('settingsUpdate', {
    params: { key: 'lgpdMessage' },
    body: { value: 'Mensagem da B' },
  });
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  before = await companySnapshot(t.databaseUrl, B.companyId);
});
afterAll(() => t?.close());

interface Attempt {
  what: string;
  send: (c: TestClient) => Promise<Response>;
  /** The exact answer when it is fixed by the rules (super-only routes). */
  expect?: { status: number; error: string };
}

const NO_PERMISSION = { status: 403, error: 'ERR_NO_PERMISSION' };

const attempts = (): Attempt[] => [
  { what: 'GET /users/:idOfB', send: (c) => c.raw('GET', `/users/${B.adminId}`) },
  {
    what: 'PUT /users/:idOfB (name, password)',
    send: (c) => c.raw('PUT', `/users/${B.agentId}`, { name: 'Hacked', password: 'hacked1' }),
  },
  {
    what: 'PUT /users/:idOfB (profile)',
    send: (c) => c.raw('PUT', `/users/${B.adminId}`, { profile: 'user' }),
  },
  { what: 'DELETE /users/:idOfB', send: (c) => c.raw('DELETE', `/users/${B.agentId}`) },
  {
    what: 'POST /users/:idOfB/media-upload',
    send: (c) =>
      postFile(c, `/users/${B.agentId}/media-upload`, {
        name: 'a.png',
        type: 'image/png',
        bytes: PNG_1X1,
      }),
  },
  {
    what: 'PUT /users/toggleChangeWidht/:idOfB',
    send: (c) =>
      c.raw('PUT', `/users/toggleChangeWidht/${B.agentId}`, { defaultTicketsManagerWidth: 600 }),
  },
  { what: 'GET /companies/:B', send: (c) => c.raw('GET', `/companies/${B.companyId}`) },
  {
    what: 'GET /companies/listPlan/:B',
    send: (c) => c.raw('GET', `/companies/listPlan/${B.companyId}`),
  },
  {
    what: 'PUT /companies/:B/schedules',
    send: (c) =>
      c.raw('PUT', `/companies/${B.companyId}/schedules`, {
        schedules: [{ weekdayEn: 'monday', startTimeA: '00:00', endTimeA: '00:01' }],
      }),
  },
  { what: 'GET /companySettings/:B', send: (c) => c.raw('GET', `/companySettings/${B.companyId}`) },
  {
    what: 'PUT /companies/:B',
    send: (c) => c.raw('PUT', `/companies/${B.companyId}`, { name: 'Hacked', status: false }),
    expect: NO_PERMISSION,
  },
  {
    what: 'DELETE /companies/:B',
    send: (c) => c.raw('DELETE', `/companies/${B.companyId}`),
    expect: NO_PERMISSION,
  },
  { what: 'GET /companies', send: (c) => c.raw('GET', '/companies'), expect: NO_PERMISSION },
  {
    what: 'GET /companies/list',
    send: (c) => c.raw('GET', '/companies/list'),
    expect: NO_PERMISSION,
  },
  {
    what: 'GET /companiesPlan',
    send: (c) => c.raw('GET', '/companiesPlan?searchParam=B'),
    expect: NO_PERMISSION,
  },
  {
    what: 'POST /companies',
    send: (c) =>
      c.raw('POST', '/companies', {
        name: 'Intrusa',
        email: 'x@intrusa.io',
        password: 'segredo1',
        planId: 1,
      }),
    expect: NO_PERMISSION,
  },
  { what: 'GET /plans/all', send: (c) => c.raw('GET', '/plans/all'), expect: NO_PERMISSION },
  { what: 'GET /plans/:id', send: (c) => c.raw('GET', '/plans/1'), expect: NO_PERMISSION },
  {
    what: 'POST /plans',
    send: (c) =>
      c.raw('POST', '/plans', {
        name: 'Grátis',
        users: 99,
        connections: 99,
        queues: 99,
        amount: '0',
      }),
    expect: NO_PERMISSION,
  },
  {
    what: 'PUT /plans/:id',
    send: (c) => c.raw('PUT', '/plans/1', { users: 999, amount: '0' }),
    expect: NO_PERMISSION,
  },
  { what: 'DELETE /plans/:id', send: (c) => c.raw('DELETE', '/plans/1'), expect: NO_PERMISSION },
];

describe.each([
  ['company A admin', () => aAdmin],
  ['company A agent', () => aAgent],
])('%s against company B', (_who, actor) => {
  it.each(attempts().map((a) => [a.what, a] as const))(
    '%s → 403/404, nothing changes',
    async (_what, a) => {
      const res = await a.send(actor());
      const body = (await res.json()) as { error?: unknown };
      if (a.expect) {
        expect({ status: res.status, error: body.error }).toEqual(a.expect);
      } else {
        expect([403, 404]).toContain(res.status);
        expect(typeof body.error).toBe('string');
      }
      expect(await companySnapshot(t.databaseUrl, B.companyId)).toEqual(before);
    },
  );

  it("GET /users?companyId=B lists only company A's users", async () => {
    const res = await actor().call('usersIndex', { query: { companyId: B.companyId } });
    expect(res.users.length).toBeGreaterThan(0);
    expect(res.users.every((u) => u.companyId === actor().user.companyId)).toBe(true);
    expect(res.users.map((u) => u.email)).not.toContain('admin@empresa-b.io');
    const searched = await actor().call('usersIndex', {
      query: { companyId: B.companyId, searchParam: 'empresa-b' },
    });
    expect(searched).toMatchObject({ users: [], count: 0, hasMore: false });
  });

  it("GET /users/list?companyId=B lists only company A's users", async () => {
    const list = await actor().call('usersList', { query: { companyId: B.companyId } });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((u) => u.companyId === actor().user.companyId)).toBe(true);
  });
});

describe('writes that name company B', () => {
  it('POST /users with companyId B never lands in B', async () => {
    const body = {
      name: 'Infiltrado',
      email: 'infiltrado@demo.io',
      password: 'segredo1',
      companyId: B.companyId,
    };
    const agentTry = await aAgent.raw('POST', '/users', body);
    expect(agentTry.status).toBe(403);
    const res = await aAdmin.raw('POST', '/users', body);
    if (res.status === 201) {
      expect(((await res.json()) as { companyId: number }).companyId).toBe(aAdmin.user.companyId);
    } else {
      expect([400, 403, 404]).toContain(res.status);
    }
    expect(await companySnapshot(t.databaseUrl, B.companyId)).toEqual(before);
  });

  it("POST /users with one of B's queues is refused", async () => {
    const res = await aAdmin.raw('POST', '/users', {
      name: 'Fila Alheia',
      email: 'fila-alheia@demo.io',
      password: 'segredo1',
      queueIds: [B.queueId],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'queueIds' }],
    });
    expect(await companySnapshot(t.databaseUrl, B.companyId)).toEqual(before);
  });

  it("a refused upload for B's user leaves no file behind", async () => {
    const dir = path.join(t.api.ctx.config.UPLOAD_DIR);
    const files = (d: string): string[] =>
      fs.existsSync(d)
        ? fs
            .readdirSync(d, { withFileTypes: true })
            .flatMap((e) => (e.isDirectory() ? files(path.join(d, e.name)) : [e.name]))
        : [];
    const res = await postFile(aAdmin, `/users/${B.agentId}/media-upload`, {
      name: 'b.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(res.status).toBe(404);
    expect(files(dir)).toEqual([]);
  });

  it("settings written by A's admin never show in B's", async () => {
    await aAdmin.call('settingsUpdate', {
      params: { key: 'userRating' },
      body: { value: 'enabled' },
    });
    await aAdmin.call('companySettingsUpdate', {
      body: { column: 'lgpdMessage', data: 'Mensagem da A' },
    });
    const bSettings = Object.fromEntries(
      (await bAdmin.call('settingsIndex')).map((s) => [s.key, s.value]),
    );
    expect(bSettings.userRating).toBe('disabled');
    expect(bSettings.lgpdMessage).toBe('Mensagem da B');
    expect(await bAdmin.call('settingsShow', { params: { key: 'userRating' } })).toEqual({
      key: 'userRating',
      value: 'disabled',
    });
    expect(await bAdmin.call('companySettingOne', { query: { column: 'lgpdMessage' } })).toEqual({
      lgpdMessage: 'Mensagem da B',
    });
    const aSettings = Object.fromEntries(
      (await aAdmin.call('settingsIndex')).map((s) => [s.key, s.value]),
    );
    expect(aSettings).toMatchObject({ userRating: 'enabled', lgpdMessage: 'Mensagem da A' });
  });

  it('the super admin still sees company B exactly as it was', async () => {
    const company = await su.call('companiesShow', { params: { id: B.companyId } });
    expect(company).toMatchObject({ name: 'Empresa B', status: true });
    const { users } = await su.call('usersIndex', { query: { companyId: B.companyId } });
    expect(users.map((u) => u.email).sort()).toEqual(['admin@empresa-b.io', 'agente@empresa-b.io']);
    expect(await companySnapshot(t.databaseUrl, B.companyId)).toEqual(before);
  });
});
