import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdateUserInput } from '@atendo/domain';
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
import { PNG_1X1, postFile } from './support/upload.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let su: Logged;
let admin: Logged;
let agent: Logged;
let demoQueues: number[];

beforeAll(async () => {
  t = await startTestApi();
  su = await t.login(SUPER.email, SUPER.password);
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  demoQueues = (
    await sql<{ id: number }>(
      t.databaseUrl,
      'SELECT id FROM queues WHERE "companyId" = $1 ORDER BY id',
      [admin.user.companyId],
    )
  ).map((r) => r.id);
});
afterAll(() => t?.close());

const valid = (n: string) => ({
  name: `Usuário ${n}`,
  email: `user-${n}@demo.io`,
  password: 'segredo1',
});

describe('GET /users (paged list)', () => {
  let companyId: number;

  beforeAll(async () => {
    const plan = await su.call('plansCreate', {
      body: { name: 'Grande', users: 100, connections: 5, queues: 5, amount: '99' },
    });
    companyId = (
      await su.call('companiesCreate', {
        body: {
          name: 'Paginada',
          email: 'admin@paginada.io',
          password: 'segredo1',
          planId: plan.id,
        },
      })
    ).id;
    // 25 more users straight into the table (hashing 25 passwords would only slow the test).
    const [{ passwordHash }] = await sql<{ passwordHash: string }>(
      t.databaseUrl,
      'SELECT "passwordHash" FROM users WHERE email = $1',
      ['admin@paginada.io'],
    );
    for (let i = 1; i <= 25; i++) {
      const n = String(i).padStart(2, '0');
      await sql(
        t.databaseUrl,
        `INSERT INTO users ("companyId", name, email, "passwordHash") VALUES ($1, $2, $3, $4)`,
        [companyId, `Pessoa ${n}`, `p${n}@paginada.io`, passwordHash],
      );
    }
  });

  it('pages 20 at a time with hasMore and count', async () => {
    const page1 = await su.call('usersIndex', { query: { companyId, pageNumber: 1 } });
    expect(page1.users).toHaveLength(20);
    expect(page1).toMatchObject({ hasMore: true, count: 26 });
    const page2 = await su.call('usersIndex', { query: { companyId, pageNumber: 2 } });
    expect(page2.users).toHaveLength(6);
    expect(page2).toMatchObject({ hasMore: false, count: 26 });
    const ids = new Set([...page1.users, ...page2.users].map((u) => u.id));
    expect(ids.size).toBe(26);
    const page3 = await su.call('usersIndex', { query: { companyId, pageNumber: 3 } });
    expect(page3).toMatchObject({ users: [], hasMore: false, count: 26 });
  });

  it('searches name and email case-insensitively, with wildcards taken literally', async () => {
    const byName = await su.call('usersIndex', { query: { companyId, searchParam: 'PESSOA 0' } });
    expect(byName.users.map((u) => u.name)).toEqual(
      [...Array(9)].map((_, i) => `Pessoa 0${i + 1}`),
    );
    expect(byName).toMatchObject({ count: 9, hasMore: false });
    const byEmail = await su.call('usersIndex', { query: { companyId, searchParam: 'P2' } });
    expect(byEmail.users.map((u) => u.email)).toEqual([
      'p20@paginada.io',
      'p21@paginada.io',
      'p22@paginada.io',
      'p23@paginada.io',
      'p24@paginada.io',
      'p25@paginada.io',
    ]);
    expect((await su.call('usersIndex', { query: { companyId, searchParam: '%' } })).count).toBe(0);
    expect((await su.call('usersIndex', { query: { companyId, searchParam: 'p_1' } })).count).toBe(
      0,
    );
    const own = await admin.call('usersIndex', { query: { searchParam: 'AGENT@DEMO' } });
    expect(own.users.map((u) => u.email)).toEqual([DEMO_AGENT.email]);
  });

  it('never sends password hashes', async () => {
    const res = await admin.raw('GET', '/users');
    expect(await res.text()).not.toMatch(/passwordHash|scrypt\$/);
  });
});

describe('POST /users', () => {
  it('creates a user (admin), who can log in, with queues of the company', async () => {
    const user = await admin.call('usersCreate', {
      body: {
        ...valid('criado'),
        profile: 'user',
        queueIds: [demoQueues[1]!],
        allowConnections: 'enabled',
      },
    });
    expect(user).toMatchObject({
      companyId: admin.user.companyId,
      profile: 'user',
      super: false,
      allowConnections: 'enabled',
    });
    expect(user.queues?.map((q) => q.id)).toEqual([demoQueues[1]]);
    await expect(
      t.client().call('login', { body: { email: 'user-criado@demo.io', password: 'segredo1' } }),
    ).resolves.toHaveProperty('token');
  });

  it('is refused to an agent', async () => {
    expect(
      await apiError(() => agent.call('usersCreate', { body: valid('agente') })),
    ).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
  });

  it.each([
    ['name', { name: 'A' }, 'Too Short!'],
    ['name', { name: 'A'.repeat(51) }, 'Too Long!'],
    ['email', { email: 'not-an-email' }, 'Invalid email'],
    ['password', { password: '1234' }, 'Too Short!'],
    ['password', { password: 'x'.repeat(51) }, 'Too Long!'],
  ])('validates %s: %s → %s', async (field, patch, message) => {
    const e = await apiError(() =>
      admin.call('usersCreate', { body: { ...valid('v'), ...patch } }),
    );
    expect(e.status).toBe(400);
    expect(e.body).toEqual({ error: 'ERR_VALIDATION', fields: [{ field, message }] });
  });

  it('refuses a taken email (any case) with 409 ERR_DUPLICATED_EMAIL', async () => {
    const e = await apiError(() =>
      admin.call('usersCreate', {
        body: { ...valid('dup'), email: DEMO_AGENT.email.toUpperCase() },
      }),
    );
    expect(e).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_EMAIL' });
    const other = await apiError(() =>
      admin.call('usersCreate', { body: { ...valid('dup'), email: SUPER.email } }),
    );
    expect(other).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_EMAIL' });
  });

  it('refuses queueIds of another company and unknown ones', async () => {
    const [other] = await sql<{ id: number }>(
      t.databaseUrl,
      'SELECT id FROM queues WHERE "companyId" = 1 LIMIT 1',
    );
    for (const queueIds of [[other!.id], [demoQueues[0]!, other!.id], [987654]]) {
      const e = await apiError(() =>
        admin.call('usersCreate', { body: { ...valid('fila'), queueIds } }),
      );
      expect(e).toMatchObject({
        status: 400,
        code: 'ERR_VALIDATION',
        body: { fields: [{ field: 'queueIds' }] },
      });
    }
    expect(
      await sql(t.databaseUrl, 'SELECT id FROM users WHERE email = $1', ['user-fila@demo.io']),
    ).toEqual([]);
  });

  it('lets only a super admin set super', async () => {
    expect(
      await apiError(() => admin.call('usersCreate', { body: { ...valid('super'), super: true } })),
    ).toMatchObject({
      status: 403,
      code: 'ERR_NO_PERMISSION',
    });
    const made = await su.call('usersCreate', {
      body: { ...valid('super2'), super: true, companyId: 1 },
    });
    expect(made).toMatchObject({ super: true, companyId: 1 });
  });

  it("stops at the plan's user limit with 403 ERR_USER_LIMIT_REACHED", async () => {
    const plan = await su.call('plansCreate', {
      body: { name: 'Dois', users: 2, connections: 1, queues: 1, amount: '10' },
    });
    const company = await su.call('companiesCreate', {
      body: { name: 'Pequena', email: 'admin@pequena.io', password: 'segredo1', planId: plan.id },
    });
    await su.call('usersCreate', { body: { ...valid('p1'), companyId: company.id } });
    const e = await apiError(() =>
      su.call('usersCreate', { body: { ...valid('p2'), companyId: company.id } }),
    );
    expect(e).toMatchObject({ status: 403, code: 'ERR_USER_LIMIT_REACHED' });
    const [{ n }] = await sql<{ n: number }>(
      t.databaseUrl,
      'SELECT count(*)::int AS n FROM users WHERE "companyId" = $1',
      [company.id],
    );
    expect(n).toBe(2);
  });
});

describe('PUT /users/:id', () => {
  let self: Logged;
  let selfId: number;

  beforeAll(async () => {
    selfId = (
      await admin.call('usersCreate', { body: { ...valid('self'), queueIds: [demoQueues[0]!] } })
    ).id;
    self = await t.login('user-self@demo.io', 'segredo1');
  });

  it('lets a user change their own name, password and theme', async () => {
    const res = await self.call('usersUpdate', {
      params: { id: selfId },
      body: { name: 'Novo Nome', password: 'novasenha', defaultTheme: 'dark', defaultMenu: 'open' },
    });
    expect(res).toMatchObject({ name: 'Novo Nome', defaultTheme: 'dark', defaultMenu: 'open' });
    self = await t.login('user-self@demo.io', 'novasenha');
    expect(
      await apiError(() =>
        t.client().call('login', { body: { email: 'user-self@demo.io', password: 'segredo1' } }),
      ),
    ).toMatchObject({
      status: 401,
    });
  });

  it('accepts admin-only fields a user sends back unchanged', async () => {
    const res = await self.call('usersUpdate', {
      params: { id: selfId },
      body: { profile: 'user', queueIds: [demoQueues[0]!], allowGroup: false },
    });
    expect(res.profile).toBe('user');
  });

  it.each<[string, () => UpdateUserInput]>([
    ['profile', () => ({ profile: 'admin' })],
    ['queueIds', () => ({ queueIds: [demoQueues[0]!, demoQueues[1]!] })],
    ['allowConnections', () => ({ allowConnections: 'enabled' })],
    ['showDashboard', () => ({ showDashboard: 'enabled' })],
    ['allTicket', () => ({ allTicket: 'enable' })],
    ['startWork', () => ({ startWork: '01:00' })],
    ['super', () => ({ super: true })],
  ])('refuses a non-admin changing their own %s', async (_f, body) => {
    const before = await sql(t.databaseUrl, 'SELECT * FROM users WHERE id = $1', [selfId]);
    const e = await apiError(() =>
      self.call('usersUpdate', { params: { id: selfId }, body: body() }),
    );
    expect(e).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    expect(await sql(t.databaseUrl, 'SELECT * FROM users WHERE id = $1', [selfId])).toEqual(before);
  });

  it('refuses a non-admin editing someone else', async () => {
    const e = await apiError(() =>
      self.call('usersUpdate', { params: { id: agent.user.id }, body: { name: 'Outro' } }),
    );
    expect(e).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
  });

  it("lets an admin edit another user's profile, queues and flags", async () => {
    const res = await admin.call('usersUpdate', {
      params: { id: selfId },
      body: {
        profile: 'admin',
        queueIds: [demoQueues[1]!],
        allowConnections: 'enabled',
        startWork: '08:00',
        endWork: '18:00',
      },
    });
    expect(res).toMatchObject({
      profile: 'admin',
      allowConnections: 'enabled',
      startWork: '08:00',
      endWork: '18:00',
    });
    expect(res.queues?.map((q) => q.id)).toEqual([demoQueues[1]]);
    const back = await admin.call('usersUpdate', {
      params: { id: selfId },
      body: { profile: 'user', queueIds: [] },
    });
    expect(back).toMatchObject({ profile: 'user', queues: [] });
  });

  it('refuses a taken email and super from an admin', async () => {
    expect(
      await apiError(() =>
        admin.call('usersUpdate', { params: { id: selfId }, body: { email: DEMO_AGENT.email } }),
      ),
    ).toMatchObject({
      status: 409,
      code: 'ERR_DUPLICATED_EMAIL',
    });
    expect(
      await apiError(() =>
        admin.call('usersUpdate', { params: { id: selfId }, body: { super: true } }),
      ),
    ).toMatchObject({
      status: 403,
      code: 'ERR_NO_PERMISSION',
    });
  });

  it('keeps a super admin out of reach of a plain admin of the same company', async () => {
    await su.call('usersCreate', {
      body: {
        name: 'Admin Plataforma',
        email: 'ops@atendo.local',
        password: 'segredo1',
        profile: 'admin',
        companyId: 1,
      },
    });
    const ops = await t.login('ops@atendo.local', 'segredo1');
    const before = await sql(
      t.databaseUrl,
      'SELECT "passwordHash", email, profile FROM users WHERE id = $1',
      [su.user.id],
    );
    for (const call of [
      () => ops.call('usersUpdate', { params: { id: su.user.id }, body: { password: 'tomada1' } }),
      () =>
        ops.call('usersUpdate', {
          params: { id: su.user.id },
          body: { email: 'ops2@atendo.local' },
        }),
      () => ops.call('usersDelete', { params: { id: su.user.id } }),
      () =>
        postFile(ops, `/users/${su.user.id}/media-upload`, {
          name: 'a.png',
          type: 'image/png',
          bytes: PNG_1X1,
        }).then(async (r) => {
          if (!r.ok)
            throw Object.assign(new Error('refused'), {
              status: r.status,
              code: ((await r.json()) as { error: string }).error,
            });
        }),
    ]) {
      expect(await apiError(call)).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    }
    expect(
      await sql(t.databaseUrl, 'SELECT "passwordHash", email, profile FROM users WHERE id = $1', [
        su.user.id,
      ]),
    ).toEqual(before);
  });
});

describe('DELETE /users/:id', () => {
  it('lets an admin delete a user of the company', async () => {
    const u = await admin.call('usersCreate', { body: valid('apagar') });
    await expect(admin.call('usersDelete', { params: { id: u.id } })).resolves.toEqual({
      message: 'User deleted',
    });
    expect(await apiError(() => admin.call('usersShow', { params: { id: u.id } }))).toMatchObject({
      status: 404,
      code: 'ERR_NO_USER_FOUND',
    });
    expect(await apiError(() => admin.call('usersDelete', { params: { id: u.id } }))).toMatchObject(
      { status: 404 },
    );
  });

  it('refuses deleting yourself and an agent deleting anyone', async () => {
    expect(
      await apiError(() => admin.call('usersDelete', { params: { id: admin.user.id } })),
    ).toMatchObject({
      status: 400,
      code: 'ERR_CANNOT_DELETE_SELF',
    });
    expect(
      await apiError(() => agent.call('usersDelete', { params: { id: agent.user.id } })),
    ).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    expect(
      await apiError(() => agent.call('usersDelete', { params: { id: admin.user.id } })),
    ).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
  });
});

describe('PUT /users/toggleChangeWidht/:id', () => {
  it.each([403, 701, 0, -550])('refuses width %i', async (w) => {
    const e = await apiError(() =>
      agent.call('usersToggleWidth', {
        params: { id: agent.user.id },
        body: { defaultTicketsManagerWidth: w },
      }),
    );
    expect(e).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'defaultTicketsManagerWidth' }] },
    });
  });

  it('saves 404 and 700 for yourself; others only through an admin', async () => {
    for (const w of [404, 700]) {
      const res = await agent.call('usersToggleWidth', {
        params: { id: agent.user.id },
        body: { defaultTicketsManagerWidth: w },
      });
      expect(res.defaultTicketsManagerWidth).toBe(w);
    }
    const e = await apiError(() =>
      agent.call('usersToggleWidth', {
        params: { id: admin.user.id },
        body: { defaultTicketsManagerWidth: 500 },
      }),
    );
    expect(e).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    const byAdmin = await admin.call('usersToggleWidth', {
      params: { id: agent.user.id },
      body: { defaultTicketsManagerWidth: 600 },
    });
    expect(byAdmin.defaultTicketsManagerWidth).toBe(600);
  });
});

describe('POST /users/:id/media-upload', () => {
  const userDir = () =>
    path.join(t.api.ctx.config.UPLOAD_DIR, `company${agent.user.companyId}`, 'user');

  it('stores an image and serves it under /public', async () => {
    const res = await postFile(
      agent,
      `/users/${agent.user.id}/media-upload`,
      { name: 'me.png', type: 'image/png', bytes: PNG_1X1 },
      { userId: String(agent.user.id), typeArch: 'user' },
    );
    expect(res.status).toBe(200);
    const user = (await res.json()) as { profileImage: string };
    expect(user.profileImage).toMatch(/\.png$/);
    const served = await fetch(
      `${t.url}/public/company${agent.user.companyId}/user/${user.profileImage}`,
    );
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    // A new image replaces the old file.
    const again = await postFile(agent, `/users/${agent.user.id}/media-upload`, {
      name: 'me2.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    const next = (await again.json()) as { profileImage: string };
    expect(next.profileImage).not.toBe(user.profileImage);
    expect(fs.readdirSync(userDir())).toEqual([next.profileImage]);
  });

  it('names the file by its content, never by what the client claims', async () => {
    const html = '<html><script>alert(1)</script></html>';
    for (const file of [
      { name: 'x.html', type: 'text/html', bytes: html },
      { name: 'x.png', type: 'image/png', bytes: html },
      {
        name: 'x.svg',
        type: 'image/svg+xml',
        bytes: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      },
      { name: 'x.png', type: 'image/png', bytes: Buffer.alloc(0) },
    ]) {
      const before = fs.readdirSync(userDir());
      const res = await postFile(agent, `/users/${agent.user.id}/media-upload`, file);
      expect(res.status, file.type).toBe(400);
      expect(await res.json()).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'profileImage' }],
      });
      expect(fs.readdirSync(userDir())).toEqual(before);
    }
    const jpegNamedPng = await postFile(agent, `/users/${agent.user.id}/media-upload`, {
      name: 'photo.html',
      type: 'text/html',
      bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
    });
    expect(jpegNamedPng.status).toBe(200);
    expect(((await jpegNamedPng.json()) as { profileImage: string }).profileImage).toMatch(
      /\.jpg$/,
    );
  });

  it('answers a wrong field, no file, too big a file and a broken body with 4xx', async () => {
    const wrongField = await postFile(agent, `/users/${agent.user.id}/media-upload`, {
      field: 'avatar',
      name: 'a.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    const none = await agent.raw('POST', `/users/${agent.user.id}/media-upload`, {});
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'profileImage' }],
    });
    const big = await postFile(agent, `/users/${agent.user.id}/media-upload`, {
      name: 'big.png',
      type: 'image/png',
      bytes: Buffer.concat([PNG_1X1, Buffer.alloc(6 * 1024 * 1024)]),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    const broken = await agent.raw(
      'POST',
      `/users/${agent.user.id}/media-upload`,
      '--xyz\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\n\r\nabc',
      {
        'Content-Type': 'multipart/form-data; boundary=xyz',
      },
    );
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: 'ERR_VALIDATION' });
  });

  it('refuses an agent uploading for someone else, and ids that are paths', async () => {
    const other = await postFile(agent, `/users/${admin.user.id}/media-upload`, {
      name: 'a.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(other.status).toBe(403);
    const traversal = await postFile(agent, `/users/..%2F..%2F..%2Fevil/media-upload`, {
      name: 'a.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(traversal.status).toBe(400);
    expect(fs.existsSync(path.join(t.api.ctx.config.UPLOAD_DIR, '..', 'evil'))).toBe(false);
    const anonymous = await postFile(t.client(), `/users/${agent.user.id}/media-upload`, {
      name: 'a.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(anonymous.status).toBe(401);
  });
});
