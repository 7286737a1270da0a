import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  apiError,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { RecordingRuntime } from './support/recording-runtime.js';
import { sql } from './support/sql.js';

let t: TestApi;
let admin: TestClient & { user: { id: number; companyId: number } };
const runtime = new RecordingRuntime();

beforeAll(async () => {
  t = await startTestApi({}, { sessions: runtime });
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(() => t?.close());

describe('internal endpoints without a service token', () => {
  it('do not exist', async () => {
    const e = await apiError(() =>
      t.client('some-token-of-any-kind').call('internalCompanyShow', { params: { id: 1 } }),
    );
    expect(e).toMatchObject({ status: 404, code: 'ERR_NOT_FOUND' });
  });
});

describe('connections (docs/product/connections.md#routes)', () => {
  it('creates the first connection as the default, with a 30-character token and a started session', async () => {
    const w = await admin.call('whatsappCreate', { body: { name: 'Comercial' } });
    expect(w).toMatchObject({
      name: 'Comercial',
      channel: 'whatsapp',
      isDefault: true,
      status: 'OPENING',
    });
    expect(w.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(w).not.toHaveProperty('session');
    expect(w).not.toHaveProperty('sessionTokenHash');
    expect(runtime.calls).toContainEqual({ op: 'start', id: w.id, channel: 'whatsapp' });
    const list = await admin.call('whatsappIndex', { query: { session: '0' } });
    expect(list.map((c) => c.name)).toContain('Comercial');
  });

  it('keeps exactly one default connection', async () => {
    const second = await admin.call('whatsappCreate', {
      body: { name: 'Suporte', channel: 'whatsapp' },
    });
    expect(second.isDefault).toBe(false);
    await admin.call('whatsappUpdate', { params: { id: second.id }, body: { isDefault: true } });
    const list = await admin.call('whatsappIndex');
    expect(list.filter((c) => c.isDefault).map((c) => c.name)).toEqual(['Suporte']);
    expect(
      await apiError(() =>
        admin.call('whatsappUpdate', { params: { id: second.id }, body: { isDefault: false } }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'ERR_NO_OTHER_WHATSAPP',
    });
    await admin.call('whatsappDelete', { params: { id: second.id } });
    expect(runtime.calls).toContainEqual({ op: 'remove', id: second.id, channel: 'whatsapp' });
    const after = await admin.call('whatsappIndex');
    expect(after.filter((c) => c.isDefault)).toHaveLength(1);
  });

  it("sets, reads and clears a connection's daily cap on campaign sends", async () => {
    const w = await admin.call('whatsappCreate', {
      body: { name: 'Campanhas', campaignDailyLimit: 200 },
    });
    expect(w.campaignDailyLimit).toBe(200);
    const [row] = await sql(
      t.databaseUrl,
      `SELECT "campaignDailyLimit" FROM whatsapps WHERE id = $1`,
      [w.id],
    );
    expect(row).toEqual({ campaignDailyLimit: 200 });
    const zero = await apiError(() =>
      admin.call('whatsappUpdate', { params: { id: w.id }, body: { campaignDailyLimit: 0 } }),
    );
    expect(zero.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'campaignDailyLimit' }],
    });
    const cleared = await admin.call('whatsappUpdate', {
      params: { id: w.id },
      body: { campaignDailyLimit: null },
    });
    expect(cleared.campaignDailyLimit).toBeNull();
    await admin.call('whatsappDelete', { params: { id: w.id } });
  });

  it('applies the connection modal rules (docs/product/connections.md#validation) and names the field', async () => {
    const short = await apiError(() => admin.call('whatsappCreate', { body: { name: 'X' } }));
    expect(short.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'name', message: 'Too Short!' }],
    });
    const redirect = await apiError(() =>
      admin.call('whatsappCreate', { body: { name: 'Redir', timeSendQueue: 5 } }),
    );
    expect(redirect.body).toMatchObject({
      fields: [{ field: 'sendIdQueue', message: 'whatsappModal.errorSendQueue' }],
    });
    const nps = await apiError(() =>
      admin.call('whatsappCreate', { body: { name: 'Nps', ratingMessage: 'Nota?' } }),
    );
    expect(nps.body).toMatchObject({
      fields: [{ field: 'expiresTicketNPS', message: 'whatsappModal.errorExpiresNPS' }],
    });
    const vacation = await apiError(() =>
      admin.call('whatsappCreate', {
        body: { name: 'Ferias', collectiveVacationMessage: 'Férias!' },
      }),
    );
    expect((vacation.body as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
      'collectiveVacationStart',
      'collectiveVacationEnd',
    ]);
    const dup = await apiError(() => admin.call('whatsappCreate', { body: { name: 'Comercial' } }));
    expect(dup).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_CONNECTION' });
  });

  it('needs a greeting when the menu offers more than one queue, and only the company queues', async () => {
    const su = await t.login(SUPER.email, SUPER.password);
    const demoCompanyId = admin.user.companyId;
    const demoQueues = (await su.call('usersList', { query: { companyId: demoCompanyId } }))
      .flatMap((u) => u.queues ?? [])
      .map((q) => q.id);
    const [q1] = demoQueues;
    const e = await apiError(() =>
      admin.call('whatsappCreate', { body: { name: 'Menu', queueIds: [q1!, q1! + 1] } }),
    );
    expect(e.code).toBe('ERR_WAPP_GREETING_REQUIRED');
    // Another company's queue: every new company starts with its default queues.
    const [plan] = await su.call('plansAll');
    const other = await su.call('companiesCreate', {
      body: { name: 'Vizinha', email: 'dona@vizinha.io', password: 'secret1', planId: plan!.id },
    });
    const [foreignQueue] = await sql<{ id: number }>(
      t.databaseUrl,
      'SELECT id FROM queues WHERE "companyId" = $1 ORDER BY id',
      [other.id],
    );
    expect(foreignQueue).toBeDefined();
    const foreign = await apiError(() =>
      admin.call('whatsappCreate', { body: { name: 'Alheia', queueIds: [foreignQueue!.id] } }),
    );
    expect(foreign).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
  });

  it('lets only admins or allowConnections users manage connections', async () => {
    const agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
    expect(
      await apiError(() => agent.call('whatsappCreate', { body: { name: 'Agente' } })),
    ).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    await admin.call('usersUpdate', {
      params: { id: agent.user.id },
      body: { allowConnections: 'enabled' },
    });
    const created = await agent.call('whatsappCreate', { body: { name: 'Do Agente' } });
    expect(created.name).toBe('Do Agente');
  });

  it('enforces the plan: channel flags and the connection limit', async () => {
    const su = await t.login(SUPER.email, SUPER.password);
    const plan = await su.call('plansCreate', {
      body: {
        name: 'Só WhatsApp',
        users: 5,
        connections: 1,
        queues: 5,
        amount: '49.90',
        useFacebook: false,
        useInstagram: false,
      },
    });
    const company = await su.call('companiesCreate', {
      body: { name: 'Pequena', email: 'dona@pequena.io', password: 'secret1', planId: plan.id },
    });
    const owner = await t.login('dona@pequena.io', 'secret1');
    expect(
      await apiError(() =>
        owner.call('whatsappCreate', { body: { name: 'Face', channel: 'facebook' } }),
      ),
    ).toMatchObject({
      status: 403,
      code: 'ERR_CHANNEL_NOT_IN_PLAN',
    });
    await owner.call('whatsappCreate', { body: { name: 'Único' } });
    expect(
      await apiError(() => owner.call('whatsappCreate', { body: { name: 'Segundo' } })),
    ).toMatchObject({
      status: 403,
      code: 'ERR_CONNECTION_LIMIT_REACHED',
    });
    // Tenancy: the other company's admin cannot see or touch it.
    const theirs = (await owner.call('whatsappIndex'))[0]!;
    expect(
      await apiError(() => admin.call('whatsappShow', { params: { id: theirs.id } })),
    ).toMatchObject({ status: 404, code: 'ERR_NO_WAPP_FOUND' });
    expect(
      await apiError(() =>
        admin.call('whatsappUpdate', { params: { id: theirs.id }, body: { name: 'Roubada' } }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await apiError(() => admin.call('whatsappDelete', { params: { id: theirs.id } })),
    ).toMatchObject({ status: 404 });
    expect(
      await apiError(() => admin.call('sessionStart', { params: { id: theirs.id } })),
    ).toMatchObject({ status: 404 });
    // The super admin sees every company's connections, with the company.
    const all = await su.call('whatsappAll');
    expect(all.find((w) => w.id === theirs.id)?.company).toEqual({
      id: company.id,
      name: 'Pequena',
    });
    expect(await apiError(() => owner.call('whatsappAll'))).toMatchObject({ status: 403 });
  });

  it('starts, disconnects and renews a session through the runtime', async () => {
    const w = await admin.call('whatsappCreate', { body: { name: 'Sessões' } });
    runtime.calls.length = 0;
    await admin.call('sessionStop', { params: { id: w.id } });
    expect((await admin.call('whatsappShow', { params: { id: w.id } })).status).toBe(
      'DISCONNECTED',
    );
    await admin.call('sessionStart', { params: { id: w.id } });
    expect((await admin.call('whatsappShow', { params: { id: w.id } })).status).toBe('OPENING');
    await admin.call('sessionRenew', { params: { id: w.id } });
    expect(runtime.calls.map((c) => c.op)).toEqual(['stop', 'start', 'stop', 'start']);
  });
});
