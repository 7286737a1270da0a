import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromptDetailView } from '@atendo/domain';
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
let aQueue: number;
let bQueue: number;
let bPrompt: PromptDetailView;

const LONG_PROMPT =
  'Você é a assistente da loja. Responda com gentileza, em português, e passe para um humano quando pedirem.';

/** A company's prompts as stored, keys included (to see that refused calls change nothing). */
const snapshotOf = (companyId: number) =>
  sql(
    t.databaseUrl,
    `SELECT id, name, prompt, voice, "voiceKey", "voiceRegion", "maxTokens", temperature,
            "apiKey", model, "queueId", "maxMessages"
       FROM prompts WHERE "companyId" = $1 ORDER BY id`,
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
  aQueue = (await aAdmin.call('queuesCreate', { body: { name: 'IA A', color: '#101010' } })).id;
  bQueue = (await bAdmin.call('queuesCreate', { body: { name: 'IA B', color: '#202020' } })).id;
  bPrompt = await bAdmin.call('promptsCreate', {
    body: { name: 'Assistente B', prompt: LONG_PROMPT, queueId: bQueue, apiKey: 'sk-secret-b' },
  });
}, 60_000);
afterAll(() => t?.close());

describe('prompts', () => {
  it('validates, applies the defaults and never answers with a key', async () => {
    const bad = await apiError(() =>
      aAdmin.call('promptsCreate', {
        body: { name: 'Abc', prompt: 'curto', apiKey: '' } as never,
      }),
    );
    expect(bad.status).toBe(400);
    const fields = (bad.body as { fields: { field: string; message: string }[] }).fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Too Short!' },
        { field: 'prompt', message: 'Too Short!' },
        { field: 'queueId', message: 'Informe o setor' },
        { field: 'apiKey', message: 'Obrigatório' },
      ]),
    );
    // Another company's queue is no queue of A's.
    const foreignQueue = await apiError(() =>
      aAdmin.call('promptsCreate', {
        body: { name: 'Assistente', prompt: LONG_PROMPT, queueId: bQueue, apiKey: 'sk-a' },
      }),
    );
    expect(foreignQueue.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'queueId', message: 'Informe o setor' }],
    });
    expect(await snapshotOf(aAdmin.user.companyId)).toEqual([]);

    const created = await aAdmin.call('promptsCreate', {
      body: { name: 'Assistente A', prompt: LONG_PROMPT, queueId: aQueue, apiKey: 'sk-secret-a' },
    });
    expect(created).toMatchObject({
      name: 'Assistente A',
      prompt: LONG_PROMPT,
      voice: 'texto',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      queueId: aQueue,
      queue: { id: aQueue, name: 'IA A' },
      hasApiKey: true,
      hasVoiceKey: false,
    });
    expect(await aAdmin.call('promptsShow', { params: { id: created.id } })).toEqual(created);
    const page = await aAgent.call('promptsIndex', { query: {} });
    expect(page.prompts).toEqual([
      expect.objectContaining({ id: created.id, queue: { id: aQueue, name: 'IA A' } }),
    ]);
    for (const text of [
      JSON.stringify(created),
      JSON.stringify(page),
      await (await aAdmin.raw('GET', `/prompt/${created.id}`)).text(),
    ])
      expect(text).not.toContain('sk-secret');
  });

  it('keeps a key the dialog leaves out and changes only what is sent', async () => {
    const p = await aAdmin.call('promptsCreate', {
      body: {
        name: 'Com voz',
        prompt: LONG_PROMPT,
        queueId: aQueue,
        apiKey: 'sk-first',
        voice: 'pt-BR-FranciscaNeural',
        voiceKey: 'azure-key',
        voiceRegion: 'brazilsouth',
      },
    });
    expect(p).toMatchObject({ voice: 'pt-BR-FranciscaNeural', hasVoiceKey: true });
    const keys = async () =>
      (
        await sql<{ apiKey: string; voiceKey: string | null }>(
          t.databaseUrl,
          `SELECT "apiKey", "voiceKey" FROM prompts WHERE id = $1`,
          [p.id],
        )
      )[0];

    const renamed = await aAdmin.call('promptsUpdate', {
      params: { id: p.id },
      body: { name: 'Com voz 2', apiKey: '', maxTokens: 300, temperature: 0.2 },
    });
    expect(renamed).toMatchObject({ name: 'Com voz 2', maxTokens: 300, temperature: 0.2 });
    expect(await keys()).toEqual({ apiKey: 'sk-first', voiceKey: 'azure-key' });

    await aAdmin.call('promptsUpdate', {
      params: { id: p.id },
      body: { apiKey: 'sk-second', voiceKey: null, voice: 'texto' },
    });
    expect(await keys()).toEqual({ apiKey: 'sk-second', voiceKey: null });

    const bad = await apiError(() =>
      aAdmin.call('promptsUpdate', {
        params: { id: p.id },
        body: { voice: 'pt-PT-Robot', temperature: 3 } as never,
      }),
    );
    expect(bad.status).toBe(400);
    expect((bad.body as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual(
      ['temperature', 'voice'],
    );
  });

  it('lets only admins manage prompts, and deleting one frees what used it', async () => {
    const p = await aAdmin.call('promptsCreate', {
      body: { name: 'Temporário', prompt: LONG_PROMPT, queueId: aQueue, apiKey: 'sk-t' },
    });
    const before = await snapshotOf(aAdmin.user.companyId);
    for (const [method, path, body] of [
      ['GET', `/prompt/${p.id}`],
      ['POST', '/prompt', { name: 'Do agente', prompt: LONG_PROMPT, queueId: aQueue, apiKey: 'x' }],
      ['PUT', `/prompt/${p.id}`, { name: 'Mudado pelo agente' }],
      ['DELETE', `/prompt/${p.id}`],
    ] as const) {
      const res = await aAgent.raw(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await snapshotOf(aAdmin.user.companyId)).toEqual(before);

    await sql(t.databaseUrl, `UPDATE queues SET "promptId" = $1 WHERE id = $2`, [p.id, aQueue]);
    expect(await aAdmin.call('promptsDelete', { params: { id: p.id } })).toEqual({
      message: 'Prompt deleted',
    });
    expect((await aAdmin.raw('GET', `/prompt/${p.id}`)).status).toBe(404);
    const [queue] = await sql<{ promptId: number | null }>(
      t.databaseUrl,
      `SELECT "promptId" FROM queues WHERE id = $1`,
      [aQueue],
    );
    expect(queue!.promptId).toBeNull();
  });

  it('pushes company-{id}-prompt to the admins only, without keys', async () => {
    const clients = { admin: aAdmin, agent: aAgent, b: bAdmin };
    const sockets = await Promise.all(Object.values(clients).map((c) => companySocket(t.url, c)));
    const seen: Record<string, unknown[]> = {};
    Object.keys(clients).forEach((k, i) => {
      seen[k] = [];
      sockets[i]!.onAny((event: string, p: unknown) => {
        if (event.endsWith('-prompt')) seen[k]!.push(p);
      });
    });
    try {
      const p = await aAdmin.call('promptsCreate', {
        body: { name: 'Ao vivo', prompt: LONG_PROMPT, queueId: aQueue, apiKey: 'sk-live' },
      });
      await aAdmin.call('promptsUpdate', { params: { id: p.id }, body: { name: 'Ao vivo 2' } });
      await aAdmin.call('promptsDelete', { params: { id: p.id } });
      const end = Date.now() + 5000;
      while (seen.admin!.length < 3 && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      expect(seen.admin).toEqual([
        { action: 'create', prompt: expect.objectContaining({ id: p.id, name: 'Ao vivo' }) },
        { action: 'update', prompt: expect.objectContaining({ name: 'Ao vivo 2' }) },
        { action: 'delete', promptId: p.id },
      ]);
      expect(JSON.stringify(seen.admin)).not.toContain('sk-live');
      expect(seen.agent).toEqual([]);
      expect(seen.b).toEqual([]);
    } finally {
      sockets.forEach((s) => s.disconnect());
    }
  });
});

describe('prompts across companies and plans', () => {
  it("refuses company B's prompt to A's admin on every route, B unchanged", async () => {
    const before = await snapshotOf(bAdmin.user.companyId);
    for (const [method, path, body] of [
      ['GET', `/prompt/${bPrompt.id}`],
      ['PUT', `/prompt/${bPrompt.id}`, { name: 'Hacked!', apiKey: 'sk-mine' }],
      ['DELETE', `/prompt/${bPrompt.id}`],
    ] as const) {
      const res = await aAdmin.raw(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const page = await aAdmin.call('promptsIndex', {
      query: { companyId: bAdmin.user.companyId },
    });
    expect(page.prompts.map((p) => p.id)).not.toContain(bPrompt.id);
    expect(await snapshotOf(bAdmin.user.companyId)).toEqual(before);
  });

  it('refuses a plan without useOpenAi, changing nothing', async () => {
    const before = await snapshotOf(bAdmin.user.companyId);
    await withoutPlanFlag(t.databaseUrl, bAdmin.user.companyId, 'useOpenAi', async () => {
      for (const call of [
        () => bAdmin.call('promptsShow', { params: { id: bPrompt.id } }),
        () =>
          bAdmin.call('promptsCreate', {
            body: { name: 'Outro B', prompt: LONG_PROMPT, queueId: bQueue, apiKey: 'sk' },
          }),
        () =>
          bAdmin.call('promptsUpdate', { params: { id: bPrompt.id }, body: { name: 'Nome B' } }),
        () => bAdmin.call('promptsDelete', { params: { id: bPrompt.id } }),
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
      ['GET', '/prompt?pageNumber=0', undefined, 'query.pageNumber'],
      ['GET', '/prompt/abc', undefined, 'params.id'],
      ['PUT', '/prompt/-4', { name: 'Nome bom' }, 'params.id'],
      ['DELETE', '/prompt/1.5', undefined, 'params.id'],
      ['POST', '/prompt', { name: 5 }, 'name'],
      ['POST', '/prompt', { queueId: 'um' }, 'queueId'],
      ['PUT', '/prompt/1', { maxTokens: 1.5 }, 'maxTokens'],
      ['PUT', '/prompt/1', { maxMessages: 0 }, 'maxMessages'],
      ['PUT', '/prompt/1', { apiKey: 42 }, 'apiKey'],
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
