import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  apiError,
  startTestApi,
  type TestApi,
} from './support/api.js';
import { postFile } from './support/upload.js';
import {
  findPrivateUpload,
  storePrivateUpload,
} from '@atendo/core/modules/uploads/private-uploads.js';
import { contentSecurityPolicy, inlineScriptHashes } from '../src/http/security-headers.js';
import { loadConfig } from '@atendo/core/config.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({
    LOGIN_RATE_LIMIT: '3',
    LOGIN_IP_RATE_LIMIT: '6',
    LOGIN_IP_DELAY_MS: '150',
    LOGIN_IP_MAX_DELAY_MS: '300',
    // What the chart sets: the ingress controller's pods live in the private ranges.
    TRUST_PROXY: 'loopback, uniquelocal',
  });
});
afterAll(() => t?.close());

/** A login from its own (proxied) address, so each test has its own budgets. */
function loginFrom(ip: string, body: unknown) {
  return t.client().raw('POST', '/auth/login', body, { 'X-Forwarded-For': ip });
}

/** Six wrong passwords from `ip` at once: its whole per-address budget (LOGIN_IP_RATE_LIMIT). */
async function spendAddressBudget(ip: string) {
  const attempts = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      loginFrom(ip, { email: `nobody${i}@x.io`, password: 'wrong' }),
    ),
  );
  expect(attempts.map((r) => r.status)).toEqual(Array(6).fill(401));
}

async function sql(query: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: t.databaseUrl });
  await c.connect();
  try {
    return (await c.query(query, params)).rows;
  } finally {
    await c.end();
  }
}

describe('login rate limits', () => {
  it('keys the per-email budget on the normalised email: spacing and case buy no fresh budget', async () => {
    const ip = '203.0.113.1';
    for (let i = 0; i < 3; i++)
      expect((await loginFrom(ip, { email: DEMO_AGENT.email, password: 'wrong' })).status).toBe(
        401,
      );
    const variant = {
      email: `  ${DEMO_AGENT.email.toUpperCase()} `,
      password: DEMO_AGENT.password,
    };
    const res = await loginFrom(ip, variant);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
  });

  it('checks attempts past the per-address budget slowly instead of refusing them', async () => {
    const ip = '203.0.113.2';
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        loginFrom(ip, { email: `nobody${i}@x.io`, password: 'wrong' }),
      ),
    );
    // Every one was checked: the budget bounds hashing work, it does not lock anyone out.
    expect(attempts.map((r) => r.status)).toEqual(Array(8).fill(401));
    // Another address is not affected.
    expect((await loginFrom('203.0.113.3', DEMO_ADMIN)).status).toBe(200);
  });

  it('lets a correct password in, after a pause, from an address whose budget is spent', async () => {
    const ip = '203.0.113.6';
    await spendAddressBudget(ip);
    expect((await loginFrom(ip, { email: 'nobody9@x.io', password: 'wrong' })).status).toBe(401);
    const started = Date.now();
    const res = await loginFrom(ip, DEMO_ADMIN);
    expect(res.status).toBe(200);
    // Two attempts past the budget: two steps of 150 ms (at most 300 ms).
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    // The per-account budget still refuses, whatever the password (see the test above).
  });

  it('checks one password at a time for an address past its budget, each after a pause', async () => {
    const ip = '203.0.113.7';
    await spendAddressBudget(ip);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const res = await loginFrom(ip, { email: `late${i}@x.io`, password: 'wrong' });
        return { status: res.status, at: Date.now() - started };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401]);
    // Side by side, the four would end together; one at a time, each waits for the previous
    // check and its own pause (≥ 150 ms) before its scrypt starts.
    const ends = answers.map((a) => a.at).sort((a, b) => a - b);
    for (let i = 1; i < ends.length; i++)
      expect(ends[i]! - ends[i - 1]!, `gap ${i}`).toBeGreaterThanOrEqual(140);
    expect(ends[3]).toBeGreaterThanOrEqual(150 + 3 * 300 - 10);
  });

  it('answers a malformed body with 400 before any budget is spent', async () => {
    const ip = '203.0.113.4';
    const long = { email: `${'a'.repeat(2800)}@x.io`, password: 'wrong' };
    const objectEmail = { email: { $gt: '' }, password: 'wrong' };
    const arrayEmail = { email: ['a@x.io'], password: 'wrong' };
    for (const body of [long, objectEmail, arrayEmail, 'null', '[]']) {
      for (let i = 0; i < 4; i++) {
        const res = await loginFrom(ip, body);
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
      }
    }
    // Twenty malformed bodies later, the address still has its whole budget.
    expect((await loginFrom(ip, DEMO_ADMIN)).status).toBe(200);
  });
});

describe('client address behind a proxy (TRUST_PROXY)', () => {
  const wrong = { email: DEMO_AGENT.email, password: 'wrong' };

  it('parses the setting once, at start, and refuses what Express would misread', () => {
    const parse = (v?: string) =>
      loadConfig({ NODE_ENV: 'test', ...(v === undefined ? {} : { TRUST_PROXY: v }) }).TRUST_PROXY;
    expect(parse()).toEqual(['loopback']);
    expect(parse('false')).toBe(false);
    expect(parse('true')).toBe(true);
    expect(parse('2')).toBe(2);
    expect(parse(' loopback, 10.0.0.0/8 ,fd00::/8, 192.168.0.1/255.255.0.0')).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.0.1/255.255.0.0',
    ]);
    for (const bad of ['ingress', '10.0.0.0/33', '300.1.1.1', 'loopback,,', '-1'])
      expect(() => parse(bad), bad).toThrow(/TRUST_PROXY/);
  });

  it('takes the client from X-Forwarded-For past every trusted hop, not from what it adds', async () => {
    // Loopback (this test) and an in-cluster hop (10.x) are trusted: the client is the address
    // left of them, so two clients behind the same ingress pod have their own budgets...
    const via = (client: string) => `${client}, 10.0.0.7`;
    for (let i = 0; i < 3; i++)
      expect((await loginFrom(via('198.51.100.9'), wrong)).status).toBe(401);
    expect((await loginFrom(via('198.51.100.9'), wrong)).status).toBe(429);
    expect((await loginFrom(via('198.51.100.10'), wrong)).status).toBe(401);
    // ...and what a client writes in front of its own address buys no fresh budget.
    expect((await loginFrom(`192.0.2.44, ${via('198.51.100.9')}`, wrong)).status).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer it does not trust', async () => {
    const direct = await startTestApi({ LOGIN_RATE_LIMIT: '3', TRUST_PROXY: '192.0.2.1' });
    try {
      const from = (ip: string) =>
        direct.client().raw('POST', '/auth/login', wrong, { 'X-Forwarded-For': ip });
      for (let i = 0; i < 3; i++) expect((await from(`198.51.100.${i}`)).status).toBe(401);
      // Every attempt came from 127.0.0.1, whatever the header claimed.
      expect((await from('198.51.100.99')).status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('security headers', () => {
  it('sends a CSP, nosniff, no framing and no referrer on api answers', async () => {
    for (const p of ['/health', '/auth/me', '/nowhere']) {
      const res = await fetch(`${t.url}${p}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, p).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('allows the console inline theme script by its hash and nothing else inline', () => {
    const html =
      '<html><head><script>var a = 1;</script><script type="module" src="/x.js"></script></head></html>';
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(1);
    const csp = contentSecurityPolicy(hashes);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('never lets a token answer be cached', async () => {
    const c = t.client();
    const login = await c.raw('POST', '/auth/login', DEMO_ADMIN, {
      'X-Forwarded-For': '203.0.113.5',
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const cookie = login.headers
      .getSetCookie()
      .find((s) => s.startsWith('jrt='))!
      .split(';')[0]!;
    const refreshed = await fetch(`${t.url}/auth/refresh_token`, {
      method: 'POST',
      headers: { Cookie: cookie },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('cache-control')).toBe('no-store');
  });
});

describe('uploaded files', () => {
  it('serves a GIF that is also HTML as a GIF, unsniffed and sandboxed', async () => {
    const agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
    const polyglot = Buffer.from(
      'GIF89a/*<html><body><script>alert(document.domain)</script></body></html>*/',
    );
    const res = await postFile(agent, `/users/${agent.user.id}/media-upload`, {
      name: 'evil.html',
      type: 'text/html',
      bytes: polyglot,
    });
    expect(res.status).toBe(200);
    const { profileImage } = (await res.json()) as { profileImage: string };
    expect(profileImage).toMatch(/\.gif$/);
    const served = await fetch(
      `${t.url}/public/company${agent.user.companyId}/user/${profileImage}`,
    );
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('serves only image kinds from /public, whatever lies in the folder', async () => {
    const dir = path.resolve(t.api.ctx.config.UPLOAD_DIR);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'page.html'), '<script>alert(1)</script>');
    const res = await fetch(`${t.url}/public/page.html`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('keeps private uploads to signed-in users of their company', async () => {
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const su = await t.login(SUPER.email, SUPER.password);
    const other = await su.call('companiesCreate', {
      body: { name: 'Outra Empresa', email: 'owner@outra.io', password: 'secret1', planId: 1 },
    });
    const outsider = await t.login('owner@outra.io', 'secret1');
    const pdf = Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>');
    const stored = await storePrivateUpload(t.api.ctx, {
      companyId: admin.user.companyId,
      file: pdf,
    });
    expect(stored.fileName).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(stored.mimetype).toBe('application/pdf');
    // Not under the public folder.
    expect(
      (await fetch(`${t.url}/public/company${admin.user.companyId}/${stored.fileName}`)).status,
    ).toBe(404);

    expect((await fetch(`${t.url}${stored.url}`)).status).toBe(401);
    const foreign = await outsider.raw('GET', stored.url);
    expect(foreign.status).toBe(404);
    expect(other.id).not.toBe(admin.user.companyId);
    const own = await admin.raw('GET', stored.url);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await own.arrayBuffer()).equals(pdf)).toBe(true);

    const html = Buffer.from('<html><script>alert(1)</script></html>');
    await expect(
      storePrivateUpload(t.api.ctx, { companyId: admin.user.companyId, file: html }),
    ).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
    });
    await expect(
      findPrivateUpload(t.api.ctx, {
        auth: {
          userId: admin.user.id,
          companyId: admin.user.companyId,
          profile: 'admin',
          super: false,
          tokenVersion: 0,
        },
        companyId: admin.user.companyId,
        fileName: '../../public/x.png',
      }),
    ).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
  });
});

describe('company time zones', () => {
  it('refuses an unknown IANA name on create and update', async () => {
    const su = await t.login(SUPER.email, SUPER.password);
    const bad = await apiError(() =>
      su.call('companiesCreate', {
        body: {
          name: 'Zona Errada',
          email: 'z@errada.io',
          password: 'secret1',
          planId: 1,
          timezone: 'Mars/Olympus',
        },
      }),
    );
    expect(bad).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
    expect(bad.body).toMatchObject({ fields: [{ field: 'timezone' }] });
    const demo = (await su.call('companiesIndex')).find((c) => c.name === 'Demo')!;
    const upd = await apiError(() =>
      su.call('companiesUpdate', { params: { id: demo.id }, body: { timezone: 'Not/AZone' } }),
    );
    expect(upd).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
    await expect(
      su.call('companiesUpdate', { params: { id: demo.id }, body: { timezone: 'America/Manaus' } }),
    ).resolves.toMatchObject({ id: demo.id });
  });

  it('still logs users in when the database holds an unknown one', async () => {
    await sql(`UPDATE companies SET timezone = 'Not/AZone' WHERE name = 'Demo'`);
    try {
      const res = await loginFrom('203.0.113.9', DEMO_AGENT);
      expect(res.status).toBe(200);
      const { token } = (await res.json()) as { token: string };
      const me = await fetch(`${t.url}/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
    } finally {
      await sql(`UPDATE companies SET timezone = 'America/Sao_Paulo' WHERE name = 'Demo'`);
    }
  });
});
