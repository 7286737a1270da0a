import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEMO_ADMIN, apiError, startTestApi, type TestApi } from './support/api.js';

const TOKEN = 'internal-service-token-for-tests';
let t: TestApi;
let db: pg.Client;

beforeAll(async () => {
  t = await startTestApi({ INTERNAL_TOKEN: TOKEN });
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t?.close();
});

const service = () => t.client(TOKEN);
const acme = { displayName: 'Acme Corp', plan: 'Completo', active: true, adminEmail: 'ops@acme.io', timezone: 'America/Manaus' };

describe('internal endpoints (operator, sessions)', () => {
  it('refuses calls without the service token, or with a user token', async () => {
    expect(await apiError(() => t.client().call('internalCompanyShow', { params: { id: 1 } }))).toMatchObject({ status: 401 });
    expect(await apiError(() => t.client('wrong-token').call('internalCompanyShow', { params: { id: 1 } }))).toMatchObject({ status: 403 });
    const user = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(await apiError(() => user.call('internalCompanyShow', { params: { id: 1 } }))).toMatchObject({ status: 403 });
  });

  it('provisions a tenant from a Company resource, idempotently, and mirrors its state', async () => {
    const first = await service().call('internalCompanyUpsert', { params: { resourceName: 'acme' }, body: acme });
    expect(first).toMatchObject({ name: 'Acme Corp', status: true, plan: 'Completo', overdue: false });
    const again = await service().call('internalCompanyUpsert', { params: { resourceName: 'acme' }, body: acme });
    expect(again.id).toBe(first.id);
    // Any name Kubernetes allows for a Company (a DNS subdomain, dots included) is accepted.
    const dotted = await service().call('internalCompanyUpsert', {
      params: { resourceName: 'acme.br' },
      body: { ...acme, displayName: 'Acme Brasil', adminEmail: 'ops@acme.com.br' },
    });
    expect(dotted.id).not.toBe(first.id);
    const { rows } = await db.query('SELECT "timezone", "resourceName" FROM companies WHERE id = $1', [first.id]);
    expect(rows[0]).toEqual({ timezone: 'America/Manaus', resourceName: 'acme' });
    const admins = await db.query(`SELECT email, profile FROM users WHERE "companyId" = $1`, [first.id]);
    expect(admins.rows).toEqual([{ email: 'ops@acme.io', profile: 'admin' }]);

    const suspended = await service().call('internalCompanyUpsert', { params: { resourceName: 'acme' }, body: { ...acme, active: false } });
    expect(suspended.status).toBe(false);
    const overdue = await service().call('internalCompanyUpsert', {
      params: { resourceName: 'acme' },
      body: { ...acme, active: true, dueDate: '2020-01-01' },
    });
    expect(overdue).toMatchObject({ status: false, overdue: true, dueDate: '2020-01-01' });
    const renewed = await service().call('internalCompanyUpsert', {
      params: { resourceName: 'acme' },
      body: { ...acme, active: true, dueDate: '2999-01-01' },
    });
    expect(renewed).toMatchObject({ status: true, overdue: false });
    expect(await service().call('internalCompanyShow', { params: { id: first.id } })).toEqual(renewed);
  });

  it('refuses an unknown plan, a bad resource name and a bad time zone without creating anything', async () => {
    const before = (await db.query('SELECT count(*)::int AS n FROM companies')).rows[0].n;
    expect(await apiError(() => service().call('internalCompanyUpsert', { params: { resourceName: 'beta' }, body: { ...acme, displayName: 'Beta', adminEmail: 'b@b.io', plan: 'Nope' } }))).toMatchObject({ status: 404, code: 'ERR_NO_PLAN_FOUND' });
    expect(await apiError(() => service().call('internalCompanyUpsert', { params: { resourceName: 'Bad_Name' }, body: acme }))).toMatchObject({ status: 400 });
    expect(await apiError(() => service().call('internalCompanyUpsert', { params: { resourceName: 'beta' }, body: { ...acme, displayName: 'Beta', adminEmail: 'b@b.io', timezone: 'Mars/Olympus' } }))).toMatchObject({ status: 400 });
    expect((await db.query('SELECT count(*)::int AS n FROM companies')).rows[0].n).toBe(before);
  });

  it('registers a Connection resource once, issues session tokens stored only as hashes, and logs a session out', async () => {
    const company = await service().call('internalCompanyUpsert', { params: { resourceName: 'acme' }, body: acme });
    const body = { companyId: company.id, resourceName: 'acme-whatsapp', displayName: 'Acme WhatsApp', channel: 'whatsapp' as const };
    const { id } = await service().call('internalConnectionRegister', { body });
    expect((await service().call('internalConnectionRegister', { body })).id).toBe(id);

    const { token } = await service().call('internalSessionCredentials', { params: { id } });
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = (await db.query('SELECT "sessionTokenHash", "isDefault" FROM whatsapps WHERE id = $1', [id])).rows[0];
    expect(stored.sessionTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.sessionTokenHash).not.toContain(token);
    expect(stored.isDefault).toBe(true);
    const { token: rotated } = await service().call('internalSessionCredentials', { params: { id } });
    expect(rotated).not.toBe(token);

    await db.query(`UPDATE whatsapps SET status = 'CONNECTED', qrcode = 'x' WHERE id = $1`, [id]);
    await db.query(`INSERT INTO baileys_auth ("whatsappId", "companyId", key, value) VALUES ($1, $2, 'creds', '{}')`, [id, company.id]);
    const res = await service().raw('POST', `/internal/connections/${id}/logout`);
    expect(res.status).toBe(204);
    const after = (await db.query('SELECT status, qrcode FROM whatsapps WHERE id = $1', [id])).rows[0];
    expect(after).toEqual({ status: 'DISCONNECTED', qrcode: null });
    expect((await db.query('SELECT count(*)::int AS n FROM baileys_auth WHERE "whatsappId" = $1', [id])).rows[0].n).toBe(0);
    // Logging out a connection that is already gone is not an error (the finalizer may retry).
    expect((await service().raw('POST', '/internal/connections/999999/logout')).status).toBe(204);
  });

  it('takes a session status report with the session token and pushes it to the console', async () => {
    const company = await service().call('internalCompanyUpsert', { params: { resourceName: 'acme' }, body: acme });
    const { id } = await service().call('internalConnectionRegister', {
      body: { companyId: company.id, resourceName: 'acme-status', displayName: 'Acme Status', channel: 'whatsapp' },
    });
    const { token } = await service().call('internalSessionCredentials', { params: { id } });
    const session = t.client(token);
    await session.call('sessionReportStatus', { body: { status: 'qrcode', qrcode: '2@abc', retries: 1 } });
    expect((await db.query('SELECT status, qrcode, retries FROM whatsapps WHERE id = $1', [id])).rows[0]).toEqual({
      status: 'qrcode',
      qrcode: '2@abc',
      retries: 1,
    });
    await session.call('sessionReportStatus', { body: { status: 'CONNECTED', number: '5511999990000' } });
    expect((await db.query('SELECT status, qrcode, number FROM whatsapps WHERE id = $1', [id])).rows[0]).toEqual({
      status: 'CONNECTED',
      qrcode: null,
      number: '5511999990000',
    });
    // A rotated-out token, the service token or no token at all cannot report.
    await service().call('internalSessionCredentials', { params: { id } });
    expect(await apiError(() => session.call('sessionReportStatus', { body: { status: 'DISCONNECTED' } }))).toMatchObject({ status: 401 });
    expect(await apiError(() => service().call('sessionReportStatus', { body: { status: 'DISCONNECTED' } }))).toMatchObject({ status: 401 });
    expect(await apiError(() => t.client().call('sessionReportStatus', { body: { status: 'DISCONNECTED' } }))).toMatchObject({ status: 401 });
    expect((await db.query('SELECT status FROM whatsapps WHERE id = $1', [id])).rows[0].status).toBe('CONNECTED');
  });
});
