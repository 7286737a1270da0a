import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_SETTINGS_DEFAULTS } from '@atendo/domain';
import type { ProcessGateway } from '@atendo/core/processes/process-gateway.js';
import {
  apiError,
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { sql } from './support/sql.js';
import { PNG_1X1, postFile } from './support/upload.js';
import { companySocket } from './support/socket.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

/** The Temporal seam, recording what the api asked of it (every call answers true). */
class RecordingProcesses implements ProcessGateway {
  calls: unknown[][] = [];
  async start(...args: unknown[]) {
    this.calls.push(['start', ...args]);
    return true;
  }
  async signal(...args: unknown[]) {
    this.calls.push(['signal', ...args]);
    return true;
  }
  async signalWithStart(...args: unknown[]) {
    this.calls.push(['signalWithStart', ...args]);
    return true;
  }
  async query<T>(): Promise<T | undefined> {
    return undefined;
  }
  async cancel(...args: unknown[]) {
    this.calls.push(['cancel', ...args]);
    return true;
  }
  async close() {}
  take() {
    const c = this.calls;
    this.calls = [];
    return c;
  }
}

const processes = new RecordingProcesses();
let t: TestApi;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
let aWhatsapp = 0;
let bWhatsapp = 0;
let aQueue = 0;
let aList = 0;
let bCampaign = 0;

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const statusOf = async (id: number) =>
  (
    await sql<{ status: string }>(t.databaseUrl, 'SELECT status FROM campaigns WHERE id = $1', [id])
  )[0]?.status;
const snapshotOf = (companyId: number) =>
  sql(t.databaseUrl, `SELECT * FROM campaigns WHERE "companyId" = $1 ORDER BY id`, [companyId]);

beforeAll(async () => {
  t = await startTestApi({ LOGIN_RATE_LIMIT: '1000' }, { processes });
  const su = await t.login(SUPER.email, SUPER.password);
  await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  const connection = async (companyId: number, name: string) =>
    (
      await sql<{ id: number }>(
        t.databaseUrl,
        `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, $2, 'CONNECTED') RETURNING id`,
        [companyId, name],
      )
    )[0]!.id;
  aWhatsapp = await connection(aAdmin.user.companyId, 'Loja A');
  bWhatsapp = await connection(bAdmin.user.companyId, 'Loja B');
  aQueue = (
    await sql<{ id: number }>(
      t.databaseUrl,
      'SELECT id FROM queues WHERE "companyId" = $1 LIMIT 1',
      [aAdmin.user.companyId],
    )
  )[0]!.id;
  aList = (await aAdmin.call('contactListsCreate', { body: { name: 'Clientes' } })).id;
  bCampaign = (
    await bAdmin.call('campaignsCreate', { body: { name: 'Campanha B', whatsappId: bWhatsapp } })
  ).id;
}, 60_000);
afterAll(() => t?.close());

describe('campaigns (docs/product/campaigns.md Campaigns, docs/product/campaigns.md#campaign-status, docs/product/campaigns.md#validation)', () => {
  it('creates drafts, lists, searches and shows them with their report counters', async () => {
    const draft = await aAdmin.call('campaignsCreate', {
      body: {
        name: '  Black Friday ',
        whatsappId: aWhatsapp,
        contactListId: aList,
        message1: 'Olá {nome}!',
        message2: '   ',
        // openTicket disabled: user, queue and ticket status are not kept.
        userId: aAdmin.user.id,
        queueId: aQueue,
        statusTicket: 'open',
      },
    });
    expect(draft).toMatchObject({
      name: 'Black Friday',
      status: 'INATIVA',
      editable: true,
      message1: 'Olá {nome}!',
      message2: null,
      openTicket: 'disabled',
      statusTicket: 'closed',
      userId: null,
      queueId: null,
      confirmation: false,
      scheduledAt: null,
      contactList: { id: aList, name: 'Clientes' },
      whatsapp: { id: aWhatsapp, name: 'Loja A' },
      mediaUrl: null,
    });
    expect(processes.take()).toEqual([]);

    const withTicket = await aAdmin.call('campaignsCreate', {
      body: {
        name: 'Retorno',
        whatsappId: aWhatsapp,
        openTicket: 'enabled',
        userId: aAdmin.user.id,
        queueId: aQueue,
        statusTicket: 'pending',
      },
    });
    expect(withTicket).toMatchObject({
      userId: aAdmin.user.id,
      queueId: aQueue,
      statusTicket: 'pending',
      user: { id: aAdmin.user.id },
      queue: { id: aQueue },
    });

    const page = await aAdmin.call('campaignsIndex', { query: {} });
    expect(page.records.map((r) => r.id)).toEqual([withTicket.id, draft.id]);
    expect(page).toMatchObject({ count: 2, hasMore: false });
    const found = await aAdmin.call('campaignsIndex', { query: { searchParam: 'black' } });
    expect(found.records.map((r) => r.id)).toEqual([draft.id]);

    // Report counters: valid list items, and the shipping records' timestamps.
    const companyId = aAdmin.user.companyId;
    await sql(
      t.databaseUrl,
      `INSERT INTO contact_list_items ("companyId", "contactListId", name, number, "isWhatsappValid")
       VALUES ($1, $2, 'Ana', '5511900000001', true), ($1, $2, 'Bia', '5511900000002', true),
              ($1, $2, 'Caio', '5511900000003', false)`,
      [companyId, aList],
    );
    await sql(
      t.databaseUrl,
      `INSERT INTO campaign_shippings ("companyId", "campaignId", number, "deliveredAt",
              "confirmationRequestedAt", "confirmedAt")
       VALUES ($1, $2, '5511900000001', now(), now(), now()), ($1, $2, '5511900000002', NULL, now(), NULL)`,
      [companyId, draft.id],
    );
    expect(await aAdmin.call('campaignsShow', { params: { id: draft.id } })).toMatchObject({
      id: draft.id,
      report: { validContacts: 2, delivered: 1, confirmationRequested: 2, confirmed: 1 },
    });
  });

  it('validates the dialog (docs/product/campaigns.md#validation), naming every field', async () => {
    const fields = async (body: Record<string, unknown>) =>
      (
        (await apiError(() => aAdmin.call('campaignsCreate', { body: body as never }))).body as {
          fields: { field: string; message: string }[];
        }
      ).fields;
    expect(await fields({ name: 'X', whatsappId: aWhatsapp })).toEqual([
      { field: 'name', message: 'Too Short!' },
    ]);
    expect(await fields({ name: 'x'.repeat(51), whatsappId: aWhatsapp })).toEqual([
      { field: 'name', message: 'Too Long!' },
    ]);
    for (const whatsappId of [undefined, '', null])
      expect(await fields({ name: 'Sem conexão', whatsappId })).toEqual([
        { field: 'whatsappId', message: 'Required' },
      ]);
    expect(
      await fields({
        name: 'Usuário',
        whatsappId: aWhatsapp,
        openTicket: 'enabled',
        userId: aAdmin.user.id,
      }),
    ).toEqual([{ field: 'queueId', message: 'Required' }]);
    // Another company's connection, an unknown list: not found (as a field).
    expect(await fields({ name: 'Alheia', whatsappId: bWhatsapp, contactListId: 999999 })).toEqual([
      { field: 'whatsappId', message: 'Not found' },
      { field: 'contactListId', message: 'Not found' },
    ]);
    // Scheduling needs recipients and a message.
    expect(
      await fields({ name: 'Agendada', whatsappId: aWhatsapp, scheduledAt: inHours(24) }),
    ).toEqual([
      { field: 'contactListId', message: 'Required' },
      { field: 'message1', message: 'Required' },
    ]);
    expect(
      await fields({
        name: 'Confirmar',
        whatsappId: aWhatsapp,
        contactListId: aList,
        message1: 'Oi',
        confirmation: true,
        scheduledAt: inHours(24),
      }),
    ).toEqual([{ field: 'confirmationMessage1', message: 'Required' }]);
    expect(await snapshotOf(aAdmin.user.companyId)).toHaveLength(2);
  });

  it('schedules, edits only while editable, cancels, restarts and deletes by the state rules', async () => {
    const id = (
      await aAdmin.call('campaignsCreate', {
        body: {
          name: 'Natal',
          whatsappId: aWhatsapp,
          contactListId: aList,
          message1: 'Feliz Natal, {nome}',
          scheduledAt: inHours(48),
        },
      })
    ).id;
    const workflowId = `campaign-${id}`;
    const input = { companyId: aAdmin.user.companyId, campaignId: id };
    expect(await statusOf(id)).toBe('PROGRAMADA');
    expect(processes.take()).toEqual([
      ['start', 'campaignDelivery', workflowId, [input], { restart: true }],
    ]);

    // No scheduled time: back to a draft, and the waiting workflow is told to stop.
    const draft = await aAdmin.call('campaignsUpdate', {
      params: { id },
      body: { scheduledAt: null },
    });
    expect(draft).toMatchObject({ status: 'INATIVA', message1: 'Feliz Natal, {nome}' });
    expect(processes.take()).toEqual([['signal', workflowId, 'cancel']]);

    // Less than an hour ahead: read-only, nothing changes.
    await aAdmin.call('campaignsUpdate', { params: { id }, body: { scheduledAt: inHours(0.5) } });
    processes.take();
    const before = await snapshotOf(aAdmin.user.companyId);
    for (const attempt of [
      () => aAdmin.call('campaignsUpdate', { params: { id }, body: { name: 'Mudou' } }),
      () => aAdmin.call('campaignsMediaDelete', { params: { id } }),
    ])
      expect(await apiError(attempt)).toMatchObject({
        status: 409,
        code: 'ERR_CAMPAIGN_NOT_EDITABLE',
      });
    const media = await postFile(aAdmin, `/campaigns/${id}/media-upload`, {
      field: 'file',
      name: 'a.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(media.status).toBe(409);
    expect(await aAdmin.call('campaignsShow', { params: { id } })).toMatchObject({
      editable: false,
    });
    expect(await snapshotOf(aAdmin.user.companyId)).toEqual(before);
    expect(processes.take()).toEqual([]);

    // In progress: not editable, not deletable, cancellable.
    await sql(t.databaseUrl, `UPDATE campaigns SET status = 'EM_ANDAMENTO' WHERE id = $1`, [id]);
    expect(
      await apiError(() =>
        aAdmin.call('campaignsUpdate', { params: { id }, body: { name: 'Mudou' } }),
      ),
    ).toMatchObject({ code: 'ERR_CAMPAIGN_NOT_EDITABLE' });
    expect(await apiError(() => aAdmin.call('campaignsDelete', { params: { id } }))).toMatchObject({
      status: 409,
      code: 'ERR_CAMPAIGN_RUNNING',
    });
    expect(await apiError(() => aAdmin.call('campaignsRestart', { params: { id } }))).toMatchObject(
      { status: 409, code: 'ERR_CAMPAIGN_INVALID_TRANSITION' },
    );
    expect(await aAdmin.call('campaignsCancel', { params: { id } })).toMatchObject({
      status: 'CANCELADA',
      editable: true,
    });
    expect(processes.take()).toEqual([['signal', workflowId, 'cancel']]);
    expect(await apiError(() => aAdmin.call('campaignsCancel', { params: { id } }))).toMatchObject({
      status: 409,
      code: 'ERR_CAMPAIGN_INVALID_TRANSITION',
    });

    // Cancelled: restart runs it again (a fresh workflow); it can also be saved.
    expect(await aAdmin.call('campaignsRestart', { params: { id } })).toMatchObject({
      status: 'EM_ANDAMENTO',
    });
    expect(processes.take()).toEqual([
      ['start', 'campaignDelivery', workflowId, [input], { restart: true }],
    ]);
    await aAdmin.call('campaignsCancel', { params: { id } });
    processes.take();
    // (Saved with its scheduled time it would be PROGRAMADA again; without, a draft.)
    expect(
      await aAdmin.call('campaignsUpdate', {
        params: { id },
        body: { name: 'Natal 2', scheduledAt: null },
      }),
    ).toMatchObject({ name: 'Natal 2', status: 'INATIVA' });
    expect(processes.take()).toEqual([]);

    // Finished: read-only, neither cancelled nor restarted; deletable.
    await sql(t.databaseUrl, `UPDATE campaigns SET status = 'FINALIZADA' WHERE id = $1`, [id]);
    for (const attempt of [
      () => aAdmin.call('campaignsCancel', { params: { id } }),
      () => aAdmin.call('campaignsRestart', { params: { id } }),
    ])
      expect(await apiError(attempt)).toMatchObject({ code: 'ERR_CAMPAIGN_INVALID_TRANSITION' });
    expect(
      await apiError(() =>
        aAdmin.call('campaignsUpdate', { params: { id }, body: { name: 'X2' } }),
      ),
    ).toMatchObject({ code: 'ERR_CAMPAIGN_NOT_EDITABLE' });
    expect(await statusOf(id)).toBe('FINALIZADA');
    await aAdmin.call('campaignsDelete', { params: { id } });
    expect(await statusOf(id)).toBeUndefined();

    // Deleting a scheduled campaign stops its workflow.
    const scheduled = await aAdmin.call('campaignsCreate', {
      body: {
        name: 'Páscoa',
        whatsappId: aWhatsapp,
        tagListId: null,
        contactListId: aList,
        message1: 'Oi',
        scheduledAt: inHours(72),
      },
    });
    processes.take();
    await aAdmin.call('campaignsDelete', { params: { id: scheduled.id } });
    expect(processes.take()).toEqual([['signal', `campaign-${scheduled.id}`, 'cancel']]);
  });

  it('attaches a file checked by its content, and removes it', async () => {
    const { id } = await aAdmin.call('campaignsCreate', {
      body: { name: 'Com anexo', whatsappId: aWhatsapp },
    });
    const fake = await postFile(aAdmin, `/campaigns/${id}/media-upload`, {
      field: 'file',
      name: 'foto.png',
      type: 'image/png',
      bytes: '<html>not an image</html>',
    });
    expect(fake.status).toBe(400);
    const res = await postFile(aAdmin, `/campaigns/${id}/media-upload`, {
      field: 'file',
      name: 'foto.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(res.status).toBe(200);
    const withMedia = (await res.json()) as { mediaName: string; mediaUrl: string };
    expect(withMedia.mediaName).toBe('foto.png');
    expect((await aAdmin.raw('GET', withMedia.mediaUrl)).status).toBe(200);
    expect(await aAdmin.call('campaignsMediaDelete', { params: { id } })).toMatchObject({
      mediaUrl: null,
      mediaName: null,
    });
    expect((await aAdmin.raw('GET', withMedia.mediaUrl)).status).toBe(404);
  });

  it('keeps campaign settings with the spec defaults until saved', async () => {
    const asObject = (rows: { key: string; value: string }[]) =>
      Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)]));
    expect(asObject(await aAdmin.call('campaignSettingsIndex', {}))).toEqual(
      CAMPAIGN_SETTINGS_DEFAULTS,
    );
    const saved = await aAdmin.call('campaignSettingsSave', {
      body: {
        settings: {
          messageInterval: 30,
          sabado: true,
          startHour: '08:30',
          variables: [{ key: 'loja', value: 'Centro' }],
        },
      },
    });
    const expected = {
      ...CAMPAIGN_SETTINGS_DEFAULTS,
      messageInterval: 30,
      sabado: true,
      startHour: '08:30',
      variables: [{ key: 'loja', value: 'Centro' }],
    };
    expect(asObject(saved)).toEqual(expected);
    expect(asObject(await aAdmin.call('campaignSettingsIndex', {}))).toEqual(expected);
    // Another company still has the defaults.
    expect(asObject(await bAdmin.call('campaignSettingsIndex', {}))).toEqual(
      CAMPAIGN_SETTINGS_DEFAULTS,
    );
    for (const settings of [{ startHour: '25:00' }, { messageInterval: -1 }, { other: 1 }])
      expect(
        await apiError(() => aAdmin.call('campaignSettingsSave', { body: { settings } as never })),
      ).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
  });

  it('pushes company-{id}-campaign to the admins only', async () => {
    const connect = (c: Logged) => companySocket(t.url, c);
    const sockets = await Promise.all([aAdmin, aAgent, bAdmin].map(connect));
    const seen: { action: string }[][] = [[], [], []];
    sockets.forEach((s, i) =>
      s.onAny((event: string, p: { action: string }) => {
        if (event.endsWith('-campaign')) seen[i]!.push(p);
      }),
    );
    try {
      const c = await aAdmin.call('campaignsCreate', {
        body: { name: 'Ao vivo', whatsappId: aWhatsapp },
      });
      await aAdmin.call('campaignsUpdate', { params: { id: c.id }, body: { name: 'Ao vivo 2' } });
      await aAdmin.call('campaignsDelete', { params: { id: c.id } });
      const end = Date.now() + 5000;
      while (seen[0]!.length < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      expect(seen[0]).toEqual([
        {
          action: 'create',
          record: expect.objectContaining({ id: c.id, report: expect.any(Object) }),
        },
        { action: 'update', record: expect.objectContaining({ name: 'Ao vivo 2' }) },
        { action: 'delete', id: c.id },
      ]);
      expect(seen[1]).toEqual([]);
      expect(seen[2]).toEqual([]);
    } finally {
      sockets.forEach((s) => s.disconnect());
    }
  });
});

describe('campaign access', () => {
  it("refuses profile user, a plan without useCampaigns, and another company's ids", async () => {
    const [mine] = (await aAdmin.call('campaignsIndex', { query: {} })).records;
    for (const call of [
      () => aAgent.call('campaignsIndex', { query: {} }),
      () => aAgent.call('campaignsShow', { params: { id: mine!.id } }),
      () => aAgent.call('campaignsCreate', { body: { name: 'Agente', whatsappId: aWhatsapp } }),
      () => aAgent.call('campaignsCancel', { params: { id: mine!.id } }),
      () => aAgent.call('campaignSettingsIndex', {}),
    ])
      expect(await apiError(call)).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });

    // Company A's admin on B's campaign: not found on every route, B unchanged.
    const before = await snapshotOf(bAdmin.user.companyId);
    const id = bCampaign;
    const attempts: (() => Promise<Response>)[] = [
      () => aAdmin.raw('GET', `/campaigns/${id}`),
      () => aAdmin.raw('PUT', `/campaigns/${id}`, { name: 'Hacked' }),
      () => aAdmin.raw('DELETE', `/campaigns/${id}`),
      () => aAdmin.raw('POST', `/campaigns/${id}/cancel`),
      () => aAdmin.raw('POST', `/campaigns/${id}/restart`),
      () => aAdmin.raw('DELETE', `/campaigns/${id}/media-upload`),
      () =>
        postFile(aAdmin, `/campaigns/${id}/media-upload`, {
          field: 'file',
          name: 'a.png',
          type: 'image/png',
          bytes: PNG_1X1,
        }),
    ];
    for (const attempt of attempts) expect((await attempt()).status).toBe(404);
    expect((await aAgent.raw('GET', `/campaigns/${id}`)).status).toBe(403);
    expect(await snapshotOf(bAdmin.user.companyId)).toEqual(before);
    expect(
      (await aAdmin.call('campaignsIndex', { query: {} })).records.map((r) => r.id),
    ).not.toContain(id);

    // Malformed ids and queries (bodies are swept by errors.test.ts).
    for (const [method, path] of [
      ['GET', '/campaigns/abc'],
      ['GET', '/campaigns/0'],
      ['GET', '/campaigns?pageNumber=x'],
      ['POST', '/campaigns/1.5/cancel'],
      ['POST', '/campaigns/-1/restart'],
      ['DELETE', '/campaigns/99999999999'],
      ['DELETE', '/campaigns/abc/media-upload'],
    ] as const)
      expect((await aAdmin.raw(method, path)).status, `${method} ${path}`).toBe(400);

    // A plan without useCampaigns: every campaign route is refused, nothing read or written.
    const [plan] = await sql<{ id: number }>(
      t.databaseUrl,
      `INSERT INTO plans (name, amount, "useCampaigns") VALUES ('Sem campanhas', 0, false) RETURNING id`,
    );
    const [{ planId }] = (await sql<{ planId: number }>(
      t.databaseUrl,
      'SELECT "planId" FROM companies WHERE id = $1',
      [bAdmin.user.companyId],
    )) as [{ planId: number }];
    await sql(t.databaseUrl, 'UPDATE companies SET "planId" = $1 WHERE id = $2', [
      plan!.id,
      bAdmin.user.companyId,
    ]);
    try {
      for (const call of [
        () => bAdmin.call('campaignsIndex', { query: {} }),
        () => bAdmin.call('campaignsShow', { params: { id } }),
        () => bAdmin.call('campaignsUpdate', { params: { id }, body: { name: 'Sem plano' } }),
        () => bAdmin.call('campaignsDelete', { params: { id } }),
        () => bAdmin.call('campaignSettingsIndex', {}),
        () => bAdmin.call('campaignSettingsSave', { body: { settings: { sabado: true } } }),
      ])
        expect(await apiError(call)).toMatchObject({
          status: 403,
          code: 'ERR_PLAN_FEATURE_DISABLED',
        });
      expect(await snapshotOf(bAdmin.user.companyId)).toEqual(before);
    } finally {
      await sql(t.databaseUrl, 'UPDATE companies SET "planId" = $1 WHERE id = $2', [
        planId,
        bAdmin.user.companyId,
      ]);
    }
    expect(await bAdmin.call('campaignsShow', { params: { id } })).toMatchObject({ id });
  });
});
