/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localClock } from '@atendo/domain';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  apiError,
  startTestApi,
  type TestApi,
} from './support/api.js';

let t: TestApi;
beforeAll(async () => {
  // No refresh grace window here: a rotated cookie presented again is reuse at once (the
  // window for concurrent tabs is tested in session-security.test.ts).
  t = await startTestApi({ LOGIN_RATE_LIMIT: '5', REFRESH_GRACE_MS: '0' });
});
afterAll(() => t?.close());

const hhmm = (minutes: number) =>
  `${String(Math.floor((((minutes % 1440) + 1440) % 1440) / 60)).padStart(2, '0')}:${String((((minutes % 1440) + 1440) % 1440) % 60).padStart(2, '0')}`;

describe('POST /auth/login', () => {
  it('returns a token, the user with company and settings, and an httpOnly refresh cookie', async () => {
    const res = await t.client().raw('POST', '/auth/login', DEMO_ADMIN);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; user: Record<string, any> };
    expect(body.token).toMatch(/^ey/);
    expect(body.user).toMatchObject({ email: DEMO_ADMIN.email, profile: 'admin', super: false });
    expect(body.user.company).toMatchObject({ name: 'Demo' });
    expect(body.user.company.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.user.company.companieSettings.map((s: { key: string }) => s.key)).toContain(
      'userRating',
    );
    expect(body.user).not.toHaveProperty('passwordHash');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('jrt='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/auth/);
  });

  it('gives the same ERR_INVALID_CREDENTIALS for a wrong password and an unknown email', async () => {
    const wrong = await apiError(() =>
      t.client().call('login', { body: { email: DEMO_AGENT.email, password: 'nope!' } }),
    );
    const unknown = await apiError(() =>
      t.client().call('login', { body: { email: 'ghost@x.io', password: 'nope!' } }),
    );
    expect(wrong).toMatchObject({ status: 401, code: 'ERR_INVALID_CREDENTIALS' });
    expect(unknown).toMatchObject({ status: 401, code: 'ERR_INVALID_CREDENTIALS' });
  });

  it('names the field on a malformed login', async () => {
    const e = await apiError(() =>
      t.client().call('login', { body: { email: 'not-an-email', password: 'x' } }),
    );
    expect(e.status).toBe(400);
    expect(e.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'email' }] });
  });

  it('refuses a user outside startWork–endWork with ERR_OUT_OF_HOURS, but not an admin', async () => {
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const { users } = await admin.call('usersIndex', { query: { searchParam: 'agent' } });
    const agent = users[0]!;
    const now = localClock(new Date(), 'America/Sao_Paulo').minutes;
    await admin.call('usersUpdate', {
      params: { id: agent.id },
      body: { startWork: hhmm(now + 120), endWork: hhmm(now + 180) },
    });
    const e = await apiError(() => t.client().call('login', { body: DEMO_AGENT }));
    expect(e).toMatchObject({ status: 401, code: 'ERR_OUT_OF_HOURS' });
    await admin.call('usersUpdate', {
      params: { id: admin.user.id },
      body: { startWork: hhmm(now + 120), endWork: hhmm(now + 180) },
    });
    await expect(t.client().call('login', { body: DEMO_ADMIN })).resolves.toHaveProperty('token');
    const admin2 = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin2.call('usersUpdate', {
      params: { id: agent.id },
      body: { startWork: '00:00', endWork: '23:59' },
    });
    await expect(t.client().call('login', { body: DEMO_AGENT })).resolves.toHaveProperty('token');
  });

  it('lets an expired company log in and returns its past due date; a suspended one is refused', async () => {
    const su = await t.login(SUPER.email, SUPER.password);
    const company = await su.call('companiesCreate', {
      body: {
        name: 'Expira Ltda',
        email: 'owner@expira.io',
        password: 'secret1',
        planId: 1,
        dueDate: '2020-01-31',
      },
    });
    const res = await t
      .client()
      .call('login', { body: { email: 'owner@expira.io', password: 'secret1' } });
    expect(res.user.company?.dueDate).toBe('2020-01-31');
    await su.call('companiesUpdate', {
      params: { id: company.id },
      body: { status: false, dueDate: '2999-01-01' },
    });
    const e = await apiError(() =>
      t.client().call('login', { body: { email: 'owner@expira.io', password: 'secret1' } }),
    );
    expect(e).toMatchObject({ status: 403, code: 'ERR_COMPANY_INACTIVE' });
  });

  it('rate-limits failed attempts per IP and email', async () => {
    const c = t.client();
    const body = { email: 'limited@demo.io', password: 'wrong' };
    for (let i = 0; i < 5; i++) expect((await c.raw('POST', '/auth/login', body)).status).toBe(401);
    const blocked = await c.raw('POST', '/auth/login', body);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
    // Another email from the same address is not blocked.
    expect((await c.raw('POST', '/auth/login', { ...body, email: 'other@demo.io' })).status).toBe(
      401,
    );
  });
});

describe('tokens and sessions', () => {
  it('answers 401 ERR_SESSION_EXPIRED without a token and 403 ERR_INVALID_TOKEN with a bad one', async () => {
    expect(await apiError(() => t.client().call('me'))).toMatchObject({
      status: 401,
      code: 'ERR_SESSION_EXPIRED',
    });
    expect(await apiError(() => t.client('garbage.token.here').call('me'))).toMatchObject({
      status: 403,
      code: 'ERR_INVALID_TOKEN',
    });
  });

  it('rotates the refresh token and detects reuse of a rotated one', async () => {
    const c = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
    const first = c.cookies.get('jrt')!;
    const refreshed = await c.call('refreshToken');
    expect(refreshed.token).toMatch(/^ey/);
    expect(refreshed.user.email).toBe(DEMO_AGENT.email);
    const second = c.cookies.get('jrt')!;
    expect(second).not.toBe(first);
    c.token = refreshed.token;
    await expect(c.call('me')).resolves.toMatchObject({ email: DEMO_AGENT.email });

    // A stolen copy of the first cookie is presented again: the whole family dies.
    const thief = t.client();
    thief.cookies.set('jrt', first);
    expect(await apiError(() => thief.call('refreshToken'))).toMatchObject({
      status: 401,
      code: 'ERR_SESSION_EXPIRED',
    });
    expect(await apiError(() => c.call('refreshToken'))).toMatchObject({
      status: 401,
      code: 'ERR_SESSION_EXPIRED',
    });
    expect(await apiError(() => c.call('me'))).toMatchObject({
      status: 403,
      code: 'ERR_INVALID_TOKEN',
    });
  });

  it('a new login supersedes the older session', async () => {
    const older = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
    const newer = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
    expect(await apiError(() => older.call('me'))).toMatchObject({ status: 403 });
    expect(await apiError(() => older.call('refreshToken'))).toMatchObject({ status: 401 });
    await expect(newer.call('me')).resolves.toMatchObject({ email: DEMO_AGENT.email });
  });

  it('logout revokes the refresh token and the access token', async () => {
    const c = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
    const cookie = c.cookies.get('jrt')!;
    await c.call('logout');
    expect(await apiError(() => c.call('me'))).toMatchObject({ status: 403 });
    const again = t.client();
    again.cookies.set('jrt', cookie);
    expect(await apiError(() => again.call('refreshToken'))).toMatchObject({
      status: 401,
      code: 'ERR_SESSION_EXPIRED',
    });
  });
});

describe('public endpoints', () => {
  it('serves /version, public settings (null for private keys) and the public plans', async () => {
    const c = t.client();
    expect(await c.call('version')).toEqual({ version: '0.1.0' });
    expect(await c.call('publicSetting', { params: { key: 'userCreation' } })).toBe('enabled');
    expect(await c.call('publicSetting', { params: { key: 'lgpdMessage' } })).toBeNull();
    const plans = await c.call('plansPublicList');
    expect(plans.map((p) => p.name)).toContain('Completo');
  });

  it('answers what a console of this product family calls beside /version: POST /version stores nothing, /flowbuilder lists no flows', async () => {
    const c = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(await c.call('versionReport', { body: { version: '9.9.9' } })).toEqual({
      version: '0.1.0',
    });
    expect(await t.client().call('version')).toEqual({ version: '0.1.0' });
    expect(await c.call('flowBuilderIndex')).toEqual({ flows: [], count: 0, hasMore: false });
    // Signed-in callers only, as every other route of theirs.
    expect((await t.client().raw('GET', '/flowbuilder')).status).toBe(401);
    expect((await t.client().raw('POST', '/version', { version: '1' })).status).toBe(401);
  });
});

describe('POST /auth/signup', () => {
  const valid = {
    name: 'Maria Souza',
    companyName: 'Loja da Maria',
    email: 'maria@loja.com.br',
    password: 'segredo1',
    phone: '11999990000',
    planId: 1,
    document: '11.222.333/0001-81',
  };

  it('checks the CPF/CNPJ check digits and names the field', async () => {
    const e = await apiError(() =>
      t.client().call('signup', { body: { ...valid, document: '11.222.333/0001-82' } }),
    );
    expect(e.status).toBe(400);
    expect(e.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'document', message: 'CPF/CNPJ inválido' }],
    });
    const short = await apiError(() =>
      t.client().call('signup', { body: { ...valid, name: 'M' } }),
    );
    expect(short.body).toMatchObject({ fields: [{ field: 'name', message: 'Muito curto!' }] });
  });

  it('creates the company and its admin, who can then log in', async () => {
    const created = await t.client().call('signup', { body: valid });
    expect(created.companyId).toBeGreaterThan(1);
    const login = await t
      .client()
      .call('login', { body: { email: valid.email, password: valid.password } });
    expect(login.user).toMatchObject({ profile: 'admin', company: { name: 'Loja da Maria' } });
    const dup = await apiError(() =>
      t.client().call('signup', { body: { ...valid, companyName: 'Outra Loja' } }),
    );
    expect(dup).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_EMAIL' });
  });

  it('is refused with ERR_USER_CREATION_DISABLED when the platform disables it', async () => {
    const su = await t.login(SUPER.email, SUPER.password);
    await su.call('settingsUpdate', {
      params: { key: 'userCreation' },
      body: { value: 'disabled' },
    });
    const e = await apiError(() =>
      t.client().call('signup', { body: { ...valid, email: 'x@y.io', companyName: 'Nova' } }),
    );
    expect(e).toMatchObject({ status: 403, code: 'ERR_USER_CREATION_DISABLED' });
    await su.call('settingsUpdate', {
      params: { key: 'userCreation' },
      body: { value: 'enabled' },
    });
  });
});
