import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { rooms } from '@atendo/domain';
import {
  DEMO_ADMIN,
  SUPER,
  apiError,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';

let t: TestApi;
beforeAll(async () => {
  // The tenant cache on, with a TTL no test outlives: every ending below must come from
  // invalidation, as in production.
  t = await startTestApi({ REFRESH_GRACE_MS: '1500', TENANT_CACHE_TTL_MS: '300000' });
});
afterAll(() => t?.close());

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

type Session = TestClient & { user: { id: number; companyId: number } };

/** Opens a company socket the way a client does; resolves once connected, rejects with the refusal. */
function connect(
  companyId: number,
  o: { auth?: Record<string, unknown>; query?: Record<string, string> },
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(`${t.url}/${companyId}`, {
      auth: o.auth ?? {},
      query: o.query ?? {},
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(s);
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => reject(err));
  });
}

const open = (c: Session) =>
  connect(c.user.companyId, { auth: { token: c.token }, query: { userId: String(c.user.id) } });

/** Resolves with the reason once the server ends the socket. */
function ended(s: Socket): Promise<string> {
  if (!s.connected) return Promise.resolve('already');
  return new Promise((resolve) => s.once('disconnect', (reason) => resolve(reason)));
}

async function within<T>(p: Promise<T>, ms = 5000): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms)),
  ]);
}

/** Collects a company's user events on a socket. */
function userEvents(s: Socket, companyId: number): unknown[] {
  const seen: unknown[] = [];
  s.on(`company-${companyId}-user`, (p: unknown) => seen.push(p));
  return seen;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let seq = 0;
/** A fresh company with its admin and one agent, each logged in. */
async function tenant() {
  seq += 1;
  const su = await t.login(SUPER.email, SUPER.password);
  const company = await su.call('companiesCreate', {
    body: {
      name: `Sessoes ${seq}`,
      email: `owner${seq}@sessoes.io`,
      password: 'secret1',
      planId: 1,
    },
  });
  const admin = await t.login(`owner${seq}@sessoes.io`, 'secret1');
  await admin.call('usersCreate', {
    body: { name: 'Agente', email: `agent${seq}@sessoes.io`, password: 'secret1', profile: 'user' },
  });
  const agent = await t.login(`agent${seq}@sessoes.io`, 'secret1');
  return { su, company, admin, agent, agentEmail: `agent${seq}@sessoes.io` };
}

describe('socket handshake', () => {
  it('accepts the token in the query as "Bearer <jwt>" and bare, and in auth with the prefix', async () => {
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const id = admin.user.companyId;
    const userId = String(admin.user.id);
    await expect(
      connect(id, { query: { token: `Bearer ${admin.token}`, userId } }),
    ).resolves.toBeTruthy();
    await expect(connect(id, { query: { token: admin.token!, userId } })).resolves.toBeTruthy();
    await expect(connect(id, { auth: { token: `Bearer ${admin.token}` } })).resolves.toBeTruthy();
    await expect(connect(id, { query: { token: `Bearer garbage` } })).rejects.toThrow(
      'ERR_SESSION_EXPIRED',
    );
  });
});

describe('sockets end with the session', () => {
  it('logout ends the socket, and no company event reaches it afterwards', async () => {
    const { admin, agent } = await tenant();
    const s = await open(agent);
    const seen = userEvents(s, agent.user.companyId);
    const end = ended(s);
    await agent.call('logout');
    expect(await within(end)).toBe('io server disconnect');
    await admin.call('usersCreate', {
      body: {
        name: 'Depois',
        email: `depois${seq}@sessoes.io`,
        password: 'secret1',
        profile: 'user',
      },
    });
    await sleep(300);
    expect(seen.filter((e) => (e as { action: string }).action === 'create')).toEqual([]);
  });

  it('a newer login ends the older session’s sockets, not its own', async () => {
    const { agent, agentEmail } = await tenant();
    const older = await open(agent);
    const end = ended(older);
    const authEvents: unknown[] = [];
    older.on(`company-${agent.user.companyId}-auth`, (p: unknown) => authEvents.push(p));
    const newer = await t.login(agentEmail, 'secret1');
    expect(await within(end)).toBe('io server disconnect');
    // The older tab still got the notice first.
    expect(authEvents).toEqual([{ action: 'update', user: { id: agent.user.id } }]);
    const fresh = await open(newer);
    await sleep(300);
    expect(fresh.connected).toBe(true);
    await expect(open(agent)).rejects.toThrow('ERR_SESSION_EXPIRED');
  });

  it('deleting the user ends their sockets', async () => {
    const { admin, agent } = await tenant();
    const s = await open(agent);
    const end = ended(s);
    await admin.call('usersDelete', { params: { id: agent.user.id } });
    expect(await within(end)).toBe('io server disconnect');
  });

  it('demoting an admin takes their sockets out of the admins room', async () => {
    const { admin, company } = await tenant();
    await admin.call('usersCreate', {
      body: {
        name: 'Gerente',
        email: `gerente${seq}@sessoes.io`,
        password: 'secret1',
        profile: 'admin',
      },
    });
    const manager = await t.login(`gerente${seq}@sessoes.io`, 'secret1');
    const s = await open(manager);
    const adminOnly: unknown[] = [];
    s.on(`company-${company.id}-whatsapp`, (p: unknown) => adminOnly.push(p));
    await sleep(100);
    t.api.realtime.emit(company.id, 'whatsapp', [rooms.admins], {
      action: 'delete',
      whatsappId: 1,
    });
    await sleep(300);
    expect(adminOnly).toHaveLength(1);
    await admin.call('usersUpdate', { params: { id: manager.user.id }, body: { profile: 'user' } });
    await sleep(300);
    t.api.realtime.emit(company.id, 'whatsapp', [rooms.admins], {
      action: 'delete',
      whatsappId: 2,
    });
    await sleep(300);
    expect(adminOnly).toHaveLength(1);
    expect(s.connected).toBe(true);
  });
});

describe('a suspended company', () => {
  it('is refused on every path at once: requests, refresh, open and new sockets', async () => {
    const { su, company, admin, agent } = await tenant();
    const s = await open(agent);
    const end = ended(s);
    await su.call('companiesUpdate', {
      params: { id: company.id },
      body: { status: false, dueDate: '2999-01-01' },
    });
    expect(await within(end)).toBe('io server disconnect');
    for (const c of [admin, agent]) {
      expect(await apiError(() => c.call('me'))).toMatchObject({
        status: 401,
        code: 'ERR_COMPANY_INACTIVE',
      });
      expect(await apiError(() => c.call('usersIndex', { query: {} }))).toMatchObject({
        code: 'ERR_COMPANY_INACTIVE',
      });
      expect(await apiError(() => c.call('refreshToken'))).toMatchObject({
        status: 401,
        code: 'ERR_COMPANY_INACTIVE',
      });
    }
    await expect(open(admin)).rejects.toThrow('ERR_COMPANY_INACTIVE');

    // Reactivated: a new login works again.
    await su.call('companiesUpdate', { params: { id: company.id }, body: { status: true } });
    const back = await t.login(`owner${seq}@sessoes.io`, 'secret1');
    await expect(back.call('me')).resolves.toMatchObject({ companyId: company.id });
  });
});

describe('password changes', () => {
  it('an admin reset ends the user’s access token, refresh cookie and sockets', async () => {
    const { admin, agent, agentEmail } = await tenant();
    const s = await open(agent);
    const end = ended(s);
    await admin.call('usersUpdate', {
      params: { id: agent.user.id },
      body: { password: 'novaSenha1' },
    });
    expect(await within(end)).toBe('io server disconnect');
    expect(await apiError(() => agent.call('me'))).toMatchObject({
      status: 403,
      code: 'ERR_INVALID_TOKEN',
    });
    expect(await apiError(() => agent.call('refreshToken'))).toMatchObject({
      status: 401,
      code: 'ERR_SESSION_EXPIRED',
    });
    const again = await t.login(agentEmail, 'novaSenha1');
    await expect(again.call('me')).resolves.toMatchObject({ email: agentEmail });
    // The admin's own session is untouched.
    await expect(admin.call('me')).resolves.toMatchObject({ profile: 'admin' });
  });
});

describe('own password change', () => {
  it('keeps the current session under a fresh cookie and ends every copy of the old one', async () => {
    const { agent, agentEmail } = await tenant();
    const s = await open(agent);
    const oldCookie = agent.cookies.get('jrt')!;
    const oldToken = agent.token!;
    const res = await agent.raw('PUT', `/users/${agent.user.id}`, { password: 'minhaNova1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const fresh = res.headers.getSetCookie().find((c) => c.startsWith('jrt='));
    expect(fresh).toMatch(/HttpOnly/i);
    const freshCookie = fresh!.split(';')[0]!.slice(4);
    expect(freshCookie).not.toBe(oldCookie);

    // A stolen copy of the old access token or cookie is over.
    expect(await apiError(() => t.client(oldToken).call('me'))).toMatchObject({ status: 403 });
    const thief = t.client();
    thief.cookies.set('jrt', oldCookie);
    expect(await apiError(() => thief.call('refreshToken'))).toMatchObject({ status: 401 });

    // The tab goes on: its refresh (the console's answer to a 403) uses the fresh cookie.
    const tab = t.client();
    tab.cookies.set('jrt', freshCookie);
    tab.token = (await tab.call('refreshToken')).token;
    await expect(tab.call('me')).resolves.toMatchObject({ email: agentEmail });
    await sleep(300);
    expect(s.connected).toBe(true);
    await expect(t.login(agentEmail, 'minhaNova1')).resolves.toBeTruthy();
  });
});

describe('refresh from two tabs at once', () => {
  it('answers both within the grace window; a replay after it still revokes the family', async () => {
    const { agent } = await tenant();
    const cookie = agent.cookies.get('jrt')!;
    const tabA = t.client();
    const tabB = t.client();
    tabA.cookies.set('jrt', cookie);
    tabB.cookies.set('jrt', cookie);
    const [a, b] = await Promise.all([
      tabA.raw('POST', '/auth/refresh_token', undefined, { Cookie: `jrt=${cookie}` }),
      tabB.raw('POST', '/auth/refresh_token', undefined, { Cookie: `jrt=${cookie}` }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const tokenA = ((await a.json()) as { token: string }).token;
    const nextA = a.headers
      .getSetCookie()
      .find((c) => c.startsWith('jrt='))!
      .split(';')[0]!
      .slice(4);
    const nextB = b.headers
      .getSetCookie()
      .find((c) => c.startsWith('jrt='))!
      .split(';')[0]!
      .slice(4);
    expect(nextA).not.toBe(cookie);
    expect(nextB).not.toBe(cookie);
    tabA.token = tokenA;
    await expect(tabA.call('me')).resolves.toMatchObject({ id: agent.user.id });

    await sleep(1700);
    const thief = t.client();
    thief.cookies.set('jrt', cookie);
    expect(await apiError(() => thief.call('refreshToken'))).toMatchObject({
      status: 401,
      code: 'ERR_SESSION_EXPIRED',
    });
    // The replay revoked the whole family, the tabs' new tokens included.
    for (const next of [nextA, nextB]) {
      const tab = t.client();
      tab.cookies.set('jrt', next);
      expect(await apiError(() => tab.call('refreshToken'))).toMatchObject({ status: 401 });
    }
    expect(await apiError(() => tabA.call('me'))).toMatchObject({ status: 403 });
  });

  it('gives no grace after a logout', async () => {
    const { agent } = await tenant();
    const cookie = agent.cookies.get('jrt')!;
    await agent.call('refreshToken');
    agent.token = (await agent.call('refreshToken').catch(() => null))?.token ?? agent.token;
    await agent.call('logout');
    const replay = t.client();
    replay.cookies.set('jrt', cookie);
    expect(await apiError(() => replay.call('refreshToken'))).toMatchObject({ status: 401 });
  });
});

describe('connection tokens', () => {
  it('reach administrators only, over HTTP and over sockets', async () => {
    const { admin, agent, company } = await tenant();
    const adminSocket = await open(admin);
    const agentSocket = await open(agent);
    const seen = { admin: [] as unknown[], agent: [] as unknown[] };
    for (const [who, s] of [
      ['admin', adminSocket],
      ['agent', agentSocket],
    ] as const) {
      s.on(`company-${company.id}-whatsapp`, (p: unknown) => seen[who].push(p));
      s.on(`company-${company.id}-whatsappSession`, (p: unknown) => seen[who].push(p));
    }
    const created = await admin.call('whatsappCreate', { body: { name: 'Comercial' } });
    expect(created.token).toMatch(/^[A-Za-z0-9]{30}$/);
    await admin.call('whatsappUpdate', {
      params: { id: created.id },
      body: { name: 'Comercial 2' },
    });

    const [adminList] = await admin.call('whatsappIndex', { query: {} });
    expect(adminList!.token).toBe(created.token);
    expect((await admin.call('whatsappShow', { params: { id: created.id } })).token).toBe(
      created.token,
    );
    const [agentList] = await agent.call('whatsappIndex', { query: {} });
    expect(agentList).toMatchObject({ id: created.id, name: 'Comercial 2' });
    expect(agentList).not.toHaveProperty('token');
    expect(await agent.call('whatsappFilter', { query: {} })).toEqual([
      expect.not.objectContaining({ token: expect.anything() }),
    ]);
    expect(await agent.call('whatsappShow', { params: { id: created.id } })).not.toHaveProperty(
      'token',
    );

    await sleep(500);
    const payloads = (list: unknown[]) =>
      list.map(
        (e) =>
          (e as { whatsapp?: object; session?: object }).whatsapp ??
          (e as { session?: object }).session,
      );
    expect(seen.agent.length).toBeGreaterThan(0);
    expect(seen.agent).toHaveLength(seen.admin.length);
    for (const p of payloads(seen.agent)) expect(p).not.toHaveProperty('token');
    for (const p of payloads(seen.admin)) expect(p).toHaveProperty('token', created.token);
  });
});
