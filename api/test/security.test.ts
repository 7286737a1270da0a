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
import { findPrivateUpload, storePrivateUpload } from '../src/modules/uploads/private-uploads.js';
import { contentSecurityPolicy, inlineScriptHashes } from '../src/http/security-headers.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({ LOGIN_RATE_LIMIT: '3', LOGIN_IP_RATE_LIMIT: '6' });
});
afterAll(() => t?.close());

/** A login from its own (proxied) address, so each test has its own budgets. */
function loginFrom(ip: string, body: unknown) {
  return t.client().raw('POST', '/auth/login', body, { 'X-Forwarded-For': ip });
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

  it('bounds failed attempts per address across different emails', async () => {
    const ip = '203.0.113.2';
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        loginFrom(ip, { email: `nobody${i}@x.io`, password: 'wrong' }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    // Another address is not affected.
    expect((await loginFrom('203.0.113.3', DEMO_ADMIN)).status).toBe(200);
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
