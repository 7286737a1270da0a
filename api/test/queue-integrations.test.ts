import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueIntegrationDetailView } from '@atendo/domain';
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
import { withoutPlanFlag } from './support/plan-flag.js';
import { companySocket } from './support/socket.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
let bIntegration: QueueIntegrationDetailView;

const KEY = JSON.stringify({
  type: 'service_account',
  client_email: 'bot@proj.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nsegredo-do-dialogflow\n-----END PRIVATE KEY-----\n',
});

/** A company's integrations as stored, keys included. */
const snapshotOf = (companyId: number) =>
  sql(
    t.databaseUrl,
    `SELECT id, type, name, "projectName", "jsonContent", language, "urlN8N", "typebotSlug",
            "typebotExpires", "typebotDelayMessage", "typebotKeywordFinish"
       FROM queue_integrations WHERE "companyId" = $1 ORDER BY id`,
    [companyId],
  );

beforeAll(async () => {
  t = await startTestApi({ LOGIN_RATE_LIMIT: '1000' });
  const su = await t.login(SUPER.email, SUPER.password);
  await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  bIntegration = await bAdmin.call('queueIntegrationsCreate', {
    body: {
      type: 'dialogflow',
      name: 'Dialogflow B',
      projectName: 'proj-b',
      language: 'pt-BR',
      jsonContent: KEY,
    },
  });
}, 60_000);
afterAll(() => t?.close());

describe('queue integrations', () => {
  it("requires each type's fields and never answers with the Dialogflow key", async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ type: 'n8n', name: 'N' }, ['name', 'urlN8N']],
      [{ type: 'webhook', name: 'Webhook', urlN8N: 'ftp://x' }, ['urlN8N']],
      [{ type: 'typebot', name: 'Typebot', urlN8N: 'https://typebot.io' }, ['typebotSlug']],
      [{ type: 'dialogflow', name: 'Dialogflow' }, ['projectName', 'language']],
      [
        { type: 'dialogflow', name: 'Dialogflow', projectName: 'p', language: 'pt-BR' },
        ['jsonContent'],
      ],
      [
        {
          type: 'dialogflow',
          name: 'Dialogflow',
          projectName: 'p',
          language: 'pt-BR',
          jsonContent: '[1, 2]',
        },
        ['jsonContent'],
      ],
      [{ type: 'typebotx', name: 'Outro' }, ['type']],
    ];
    for (const [body, fields] of cases) {
      const res = await aAdmin.raw('POST', '/queueIntegration', body);
      const json = (await res.json()) as { error: string; fields?: { field: string }[] };
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(json.fields?.map((f) => f.field).sort(), JSON.stringify(body)).toEqual(fields.sort());
    }
    expect(await snapshotOf(aAdmin.user.companyId)).toEqual([]);

    const typebot = await aAdmin.call('queueIntegrationsCreate', {
      body: {
        type: 'typebot',
        name: 'Typebot vendas',
        urlN8N: 'https://typebot.example.com',
        typebotSlug: 'vendas',
        typebotKeywordFinish: '#sair',
      },
    });
    expect(typebot).toMatchObject({
      type: 'typebot',
      typebotSlug: 'vendas',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      typebotKeywordFinish: '#sair',
      projectName: null,
      hasJsonContent: false,
    });
    const dialogflow = await aAdmin.call('queueIntegrationsCreate', {
      body: {
        type: 'dialogflow',
        name: 'Dialogflow A',
        projectName: 'proj-a',
        language: 'es',
        jsonContent: KEY,
      },
    });
    expect(dialogflow).toMatchObject({ projectName: 'proj-a', hasJsonContent: true });
    expect(await aAdmin.call('queueIntegrationsShow', { params: { id: dialogflow.id } })).toEqual(
      dialogflow,
    );
    const page = await aAgent.call('queueIntegrationsIndex', { query: {} });
    expect(page.queueIntegrations.map((i) => i.name)).toEqual(['Dialogflow A', 'Typebot vendas']);
    for (const text of [
      JSON.stringify(dialogflow),
      JSON.stringify(page),
      await (await aAdmin.raw('GET', `/queueIntegration/${dialogflow.id}`)).text(),
    ])
      expect(text).not.toContain('segredo-do-dialogflow');

    const dup = await apiError(() =>
      aAdmin.call('queueIntegrationsCreate', {
        body: { type: 'n8n', name: 'Typebot vendas', urlN8N: 'https://n8n.example.com/hook' },
      }),
    );
    expect([dup.status, dup.code]).toEqual([409, 'ERR_DUPLICATED_INTEGRATION']);
    // Two saves of one new name at once: one integration, and the other answers the same code.
    const race = await Promise.all(
      [1, 2].map(() =>
        aAdmin.raw('POST', '/queueIntegration', {
          type: 'webhook',
          name: 'Corrida',
          urlN8N: 'https://hooks.example.com/r',
        }),
      ),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = race.find((r) => r.status === 409)!;
    expect(((await lost.json()) as { error: string }).error).toBe('ERR_DUPLICATED_INTEGRATION');
    // B's names are B's.
    await aAdmin.call('queueIntegrationsCreate', {
      body: { type: 'webhook', name: 'Dialogflow B', urlN8N: 'https://hooks.example.com/a' },
    });
  });

  it('keeps the stored key when an edit leaves it out; another type drops it', async () => {
    const i = await aAdmin.call('queueIntegrationsCreate', {
      body: {
        type: 'dialogflow',
        name: 'Chave',
        projectName: 'p1',
        language: 'pt-BR',
        jsonContent: KEY,
      },
    });
    const stored = async () =>
      (
        await sql<{ jsonContent: string | null }>(
          t.databaseUrl,
          `SELECT "jsonContent" FROM queue_integrations WHERE id = $1`,
          [i.id],
        )
      )[0]!.jsonContent;
    const edited = await aAdmin.call('queueIntegrationsUpdate', {
      params: { id: i.id },
      body: {
        type: 'dialogflow',
        name: 'Chave 2',
        projectName: 'p2',
        language: 'en',
        jsonContent: '',
      },
    });
    expect(edited).toMatchObject({ name: 'Chave 2', projectName: 'p2', hasJsonContent: true });
    expect(await stored()).toBe(KEY);

    const n8n = await aAdmin.call('queueIntegrationsUpdate', {
      params: { id: i.id },
      body: { type: 'n8n', name: 'Chave 2', urlN8N: 'https://n8n.example.com/webhook/1' },
    });
    expect(n8n).toMatchObject({
      type: 'n8n',
      projectName: null,
      language: null,
      urlN8N: 'https://n8n.example.com/webhook/1',
      hasJsonContent: false,
    });
    expect(await stored()).toBeNull();
    // Back to Dialogflow, a key is needed again.
    const keyless = await apiError(() =>
      aAdmin.call('queueIntegrationsUpdate', {
        params: { id: i.id },
        body: { type: 'dialogflow', name: 'Chave 2', projectName: 'p', language: 'en' },
      }),
    );
    expect(keyless.body).toMatchObject({
      fields: [{ field: 'jsonContent', message: 'Obrigatório' }],
    });
  });

  it('lets only admins manage integrations; deleting one frees what used it', async () => {
    const i = await aAdmin.call('queueIntegrationsCreate', {
      body: { type: 'webhook', name: 'Temporária', urlN8N: 'https://hooks.example.com/t' },
    });
    const before = await snapshotOf(aAdmin.user.companyId);
    for (const [method, path, body] of [
      ['GET', `/queueIntegration/${i.id}`],
      ['POST', '/queueIntegration', { type: 'webhook', name: 'Do agente', urlN8N: 'https://x.io' }],
      [
        'PUT',
        `/queueIntegration/${i.id}`,
        { type: 'webhook', name: 'Mudada', urlN8N: 'https://x.io' },
      ],
      ['DELETE', `/queueIntegration/${i.id}`],
    ] as const) {
      const res = await aAgent.raw(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await snapshotOf(aAdmin.user.companyId)).toEqual(before);

    const queue = await aAdmin.call('queuesCreate', {
      body: { name: 'Com integração', color: '#654321', integrationId: i.id },
    });
    expect(await aAdmin.call('queueIntegrationsDelete', { params: { id: i.id } })).toEqual({
      message: 'Integration deleted',
    });
    expect((await aAdmin.raw('GET', `/queueIntegration/${i.id}`)).status).toBe(404);
    const [row] = await sql<{ integrationId: number | null }>(
      t.databaseUrl,
      `SELECT "integrationId" FROM queues WHERE id = $1`,
      [queue.id],
    );
    expect(row!.integrationId).toBeNull();
  });

  it('pushes company-{id}-queueIntegration to the admins only, without the key', async () => {
    const clients = { admin: aAdmin, agent: aAgent, b: bAdmin };
    const sockets = await Promise.all(Object.values(clients).map((c) => companySocket(t.url, c)));
    const seen: Record<string, unknown[]> = {};
    Object.keys(clients).forEach((k, i) => {
      seen[k] = [];
      sockets[i]!.onAny((event: string, p: unknown) => {
        if (event.endsWith('-queueIntegration')) seen[k]!.push(p);
      });
    });
    try {
      const i = await aAdmin.call('queueIntegrationsCreate', {
        body: {
          type: 'dialogflow',
          name: 'Ao vivo',
          projectName: 'p',
          language: 'en',
          jsonContent: KEY,
        },
      });
      await aAdmin.call('queueIntegrationsUpdate', {
        params: { id: i.id },
        body: { type: 'dialogflow', name: 'Ao vivo 2', projectName: 'p', language: 'en' },
      });
      await aAdmin.call('queueIntegrationsDelete', { params: { id: i.id } });
      const end = Date.now() + 5000;
      while (seen.admin!.length < 3 && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      expect(seen.admin).toEqual([
        {
          action: 'create',
          queueIntegration: expect.objectContaining({ id: i.id, name: 'Ao vivo' }),
        },
        { action: 'update', queueIntegration: expect.objectContaining({ name: 'Ao vivo 2' }) },
        { action: 'delete', integrationId: i.id },
      ]);
      expect(JSON.stringify(seen.admin)).not.toContain('segredo-do-dialogflow');
      expect(seen.agent).toEqual([]);
      expect(seen.b).toEqual([]);
    } finally {
      sockets.forEach((s) => s.disconnect());
    }
  });
});

describe('queue integrations across companies and plans', () => {
  it("refuses company B's integration to A's admin on every route, B unchanged", async () => {
    const before = await snapshotOf(bAdmin.user.companyId);
    const body = { type: 'webhook', name: 'Hacked', urlN8N: 'https://evil.example.com' };
    for (const [method, path, sent] of [
      ['GET', `/queueIntegration/${bIntegration.id}`, undefined],
      ['PUT', `/queueIntegration/${bIntegration.id}`, body],
      ['DELETE', `/queueIntegration/${bIntegration.id}`, undefined],
    ] as const) {
      const res = await aAdmin.raw(method, path, sent);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const page = await aAdmin.call('queueIntegrationsIndex', {
      query: { companyId: bAdmin.user.companyId },
    });
    expect(page.queueIntegrations.map((i) => i.id)).not.toContain(bIntegration.id);
    expect(await snapshotOf(bAdmin.user.companyId)).toEqual(before);
  });

  it('refuses a plan without useIntegrations, changing nothing', async () => {
    const before = await snapshotOf(bAdmin.user.companyId);
    const webhook = { type: 'webhook' as const, name: 'Outro B', urlN8N: 'https://b.example.com' };
    await withoutPlanFlag(t.databaseUrl, bAdmin.user.companyId, 'useIntegrations', async () => {
      for (const call of [
        () => bAdmin.call('queueIntegrationsShow', { params: { id: bIntegration.id } }),
        () => bAdmin.call('queueIntegrationsCreate', { body: webhook }),
        () =>
          bAdmin.call('queueIntegrationsUpdate', {
            params: { id: bIntegration.id },
            body: webhook,
          }),
        () => bAdmin.call('queueIntegrationsDelete', { params: { id: bIntegration.id } }),
      ])
        expect(await apiError(call)).toMatchObject({
          status: 403,
          code: 'ERR_PLAN_FEATURE_DISABLED',
        });
      expect(await snapshotOf(bAdmin.user.companyId)).toEqual(before);
    });
  });

  it('answers malformed ids and bodies with 400 naming the field', async () => {
    const cases: [string, string, unknown, string][] = [
      ['GET', '/queueIntegration?pageNumber=0', undefined, 'query.pageNumber'],
      ['GET', '/queueIntegration/abc', undefined, 'params.id'],
      [
        'PUT',
        '/queueIntegration/-4',
        { type: 'webhook', name: 'Bom', urlN8N: 'https://x.io' },
        'params.id',
      ],
      ['DELETE', '/queueIntegration/1.5', undefined, 'params.id'],
      ['POST', '/queueIntegration', { type: 'webhook', name: 5 }, 'name'],
      [
        'POST',
        '/queueIntegration',
        { type: 'typebot', name: 'Tb', typebotExpires: 'x' },
        'typebotExpires',
      ],
      ['POST', '/queueIntegration', { type: 'dialogflow', name: 'Df', language: 'fr' }, 'language'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await aAdmin.raw(method, path, body);
      const json = (await res.json()) as { error: string; fields?: { field: string }[] };
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(
        json.fields?.map((f) => f.field),
        `${method} ${path}`,
      ).toContain(field);
    }
  });
});
