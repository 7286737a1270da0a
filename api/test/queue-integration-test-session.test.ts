import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  generateServiceAccount,
  startFakeDialogflow,
  type FakeDialogflow,
} from '@atendo/testing/fake-dialogflow';
import {
  apiError,
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { withoutPlanFlag } from './support/plan-flag.js';
import { createLogger } from '@atendo/core/logger.js';
import { clearDialogflowTokens } from '@atendo/core/modules/queue-integrations/dialogflow-client.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

/** A local receiver: Typebot's startChat and an n8n/webhook url, recording what it was sent. */
interface Receiver {
  url: string;
  requests: { path: string; contentType: string | null; body: unknown }[];
  status: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
      r.requests.push({ path, contentType: req.headers['content-type'] ?? null, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const typebot = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
      if (typebot)
        return typebot[1] === 'vendas'
          ? send(200, {
              sessionId: 'sess-1',
              typebot: { id: 'tb1', theme: {}, settings: {} },
              messages: [
                { id: 'm1', type: 'text', content: { type: 'markdown', markdown: 'Olá!' } },
                { id: 'm2', type: 'text', content: { type: 'markdown', markdown: 'Escolha:' } },
              ],
              input: { id: 'i1', type: 'choice input', items: [{ id: 'c1', content: 'Vendas' }] },
            })
          : send(404, { message: 'Typebot not found', code: 'NOT_FOUND' });
      if (path === '/hook') return send(r.status, { received: true, secret: 'corpo-do-receptor' });
      return send(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const r: Receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: [],
    status: 200,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return r;
}

let t: TestApi;
let fake: FakeDialogflow;
let receiver: Receiver;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
let key: string;
let logs = '';

const PROJECT = 'atendo-bot';
const privateKeyOf = (json: string) =>
  (JSON.parse(json) as { private_key: string }).private_key.split('\n')[1]!;

beforeAll(async () => {
  fake = await startFakeDialogflow();
  receiver = await startReceiver();
  key = fake.newServiceAccount({ projectId: PROJECT });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs += chunk.toString('utf8');
      done();
    },
  });
  t = await startTestApi(
    {
      LOGIN_RATE_LIMIT: '1000',
      DIALOGFLOW_API_URL: fake.url,
      GOOGLE_OAUTH_TOKEN_URL: fake.tokenUrl,
      INTEGRATION_TIMEOUT_MS: '500',
    },
    { logger: createLogger('info', sink) },
  );
  const su = await t.login(SUPER.email, SUPER.password);
  await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await receiver?.close();
});
beforeEach(() => {
  clearDialogflowTokens();
  fake.tokenRequests.length = 0;
  fake.detectRequests.length = 0;
  fake.delay = { token: 0, detect: 0 };
  fake.failStatus = { token: null, detect: null };
  fake.rules = [
    {
      match: /^(olá|hello|hola)$/i,
      intent: 'Boas-vindas',
      texts: ['Olá! Sou o robô.', 'Como posso ajudar?'],
    },
  ];
  receiver.requests.length = 0;
  receiver.status = 200;
});

const dialogflow = (extra: Record<string, unknown> = {}) => ({
  type: 'dialogflow',
  projectName: PROJECT,
  language: 'pt-BR',
  jsonContent: key,
  ...extra,
});

/** POST /queueIntegration/testSession as `who`: status and parsed body. */
async function testSession(who: TestClient, body: unknown) {
  const res = await who.raw('POST', '/queueIntegration/testSession', body);
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

describe('POST /queueIntegration/testSession: Dialogflow', () => {
  it('detects the greeting intent with the signed service account and answers its messages', async () => {
    const ok = await aAdmin.call('queueIntegrationsTestSession', {
      body: { type: 'dialogflow', projectName: PROJECT, language: 'pt-BR', jsonContent: key },
    });
    expect(ok).toEqual({
      ok: true,
      type: 'dialogflow',
      intent: 'Boas-vindas',
      messages: ['Olá! Sou o robô.', 'Como posso ajudar?'],
    });
    expect(fake.tokenRequests).toHaveLength(1);
    expect(fake.tokenRequests[0]).toMatchObject({
      grantType: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      header: { alg: 'RS256', typ: 'JWT' },
      claims: {
        iss: expect.stringMatching(/@atendo-bot\.iam\.gserviceaccount\.com$/),
        aud: fake.tokenUrl,
        scope: 'https://www.googleapis.com/auth/cloud-platform',
      },
      signatureValid: true,
      status: 200,
    });
    expect(fake.detectRequests).toHaveLength(1);
    const sent = fake.detectRequests[0]!;
    expect(sent.project).toBe(PROJECT);
    expect(sent.session).toMatch(/^atendo-test-[0-9a-f-]{36}$/);
    expect(sent.authorization).toMatch(/^Bearer ya29\.fake-/);
    expect(sent.body).toEqual({ queryInput: { text: { text: 'Olá', languageCode: 'pt-BR' } } });

    // Type defaults to Dialogflow; English greets in English, on a fresh session.
    const en = await testSession(aAdmin, {
      projectName: PROJECT,
      language: 'en',
      jsonContent: key,
    });
    expect(en.status).toBe(200);
    expect(fake.detectRequests[1]!.body).toEqual({
      queryInput: { text: { text: 'Hello', languageCode: 'en' } },
    });
    expect(fake.detectRequests[1]!.session).not.toBe(sent.session);
    expect(logs).not.toContain(privateKeyOf(key));
  });

  it("uses the stored key of the company's integration being edited", async () => {
    const saved = await aAdmin.call('queueIntegrationsCreate', {
      body: {
        type: 'dialogflow',
        name: 'Robô salvo',
        projectName: PROJECT,
        language: 'es',
        jsonContent: key,
      },
    });
    const ok = await testSession(
      aAdmin,
      dialogflow({ id: saved.id, jsonContent: '', language: 'es' }),
    );
    expect(ok.body).toMatchObject({ ok: true, intent: 'Boas-vindas' });
    expect(fake.detectRequests[0]!.body).toEqual({
      queryInput: { text: { text: 'Hola', languageCode: 'es' } },
    });
    // An integration without a key, and no key sent: the key is required.
    const webhook = await aAdmin.call('queueIntegrationsCreate', {
      body: { type: 'webhook', name: 'Sem chave', urlN8N: `${receiver.url}/hook` },
    });
    const keyless = await testSession(aAdmin, dialogflow({ id: webhook.id, jsonContent: null }));
    expect(keyless.status).toBe(400);
    expect(keyless.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'jsonContent' }],
    });
  });

  it('answers a refused or malformed key ERR_INTEGRATION_CREDENTIALS, never echoing it', async () => {
    const stranger = generateServiceAccount({ projectId: PROJECT });
    const forged = JSON.stringify({
      ...(JSON.parse(stranger.json) as object),
      client_email: (JSON.parse(key) as { client_email: string }).client_email,
    });
    const cases: [string, string | RegExp][] = [
      ['{"type":"service_account"}', 'The key lacks client_email or private_key'],
      [
        '{"client_email":"a@b.c","private_key":"-----BEGIN PRIVATE KEY-----\\nsegredo\\n"}',
        /not a valid RSA key/,
      ],
      [stranger.json, 'Invalid grant: account not found'],
      [forged, 'Invalid JWT Signature.'],
    ];
    for (const [jsonContent, message] of cases) {
      const r = await testSession(aAdmin, dialogflow({ jsonContent }));
      expect(r.status, jsonContent.slice(0, 40)).toBe(400);
      expect(r.body.error).toBe('ERR_INTEGRATION_CREDENTIALS');
      expect((r.body.data as { message: string }).message).toMatch(message);
      expect(r.text).not.toContain(privateKeyOf(stranger.json));
      expect(r.text).not.toContain('segredo');
    }
    expect(fake.detectRequests).toHaveLength(0);
    expect(logs).not.toContain(privateKeyOf(stranger.json));
    expect(logs).not.toContain('segredo');
  });

  it("answers Google's refusal ERR_INTEGRATION_FAILED with its message, and a slow agent ERR_INTEGRATION_TIMEOUT", async () => {
    const denied = await testSession(aAdmin, dialogflow({ projectName: 'projeto-alheio' }));
    expect([denied.status, denied.body.error]).toEqual([502, 'ERR_INTEGRATION_FAILED']);
    expect(denied.body.data).toEqual({
      reason: 'status',
      status: 403,
      message:
        "IAM permission 'dialogflow.sessions.detectIntent' on 'projects/projeto-alheio/agent' denied.",
    });

    fake.delay.detect = 1500;
    const started = Date.now();
    const slow = await testSession(aAdmin, dialogflow());
    expect([slow.status, slow.body.error]).toEqual([504, 'ERR_INTEGRATION_TIMEOUT']);
    expect(Date.now() - started).toBeLessThan(1400);
  });
});

describe('POST /queueIntegration/testSession: Typebot, n8n and webhook', () => {
  it('starts a chat on the Typebot and says how many messages it answered', async () => {
    const ok = await aAdmin.call('queueIntegrationsTestSession', {
      body: { type: 'typebot', urlN8N: `${receiver.url}/`, typebotSlug: 'vendas' },
    });
    expect(ok).toEqual({ ok: true, type: 'typebot', status: 200, messageCount: 2 });
    expect(receiver.requests).toEqual([
      {
        path: '/api/v1/typebots/vendas/startChat',
        contentType: 'application/json',
        body: { isStreamEnabled: false, textBubbleContentFormat: 'markdown' },
      },
    ]);
    const missing = await testSession(aAdmin, {
      type: 'typebot',
      urlN8N: receiver.url,
      typebotSlug: 'outro',
    });
    expect([missing.status, missing.body.error]).toEqual([502, 'ERR_INTEGRATION_FAILED']);
    expect(missing.body.data).toEqual({
      reason: 'status',
      status: 404,
      message: 'Typebot not found',
    });
  });

  it('posts a versioned test event to an n8n or webhook url and reports its status', async () => {
    for (const type of ['n8n', 'webhook'] as const) {
      receiver.requests.length = 0;
      receiver.status = 200;
      expect(
        await aAdmin.call('queueIntegrationsTestSession', {
          body: { type, urlN8N: `${receiver.url}/hook` },
        }),
      ).toEqual({ ok: true, type, status: 200 });
      expect(receiver.requests).toEqual([
        { path: '/hook', contentType: 'application/json', body: { version: 1, event: 'test' } },
      ]);
      receiver.status = 500;
      const failed = await testSession(aAdmin, { type, urlN8N: `${receiver.url}/hook` });
      expect([failed.status, failed.body.error, failed.body.data]).toEqual([
        502,
        'ERR_INTEGRATION_FAILED',
        { reason: 'status', status: 500 },
      ]);
      expect(failed.text).not.toContain('corpo-do-receptor');
    }
    const offline = await testSession(aAdmin, {
      type: 'webhook',
      urlN8N: 'http://127.0.0.1:9/hook',
    });
    expect([offline.status, offline.body.error, offline.body.data]).toEqual([
      502,
      'ERR_INTEGRATION_FAILED',
      { reason: 'unreachable' },
    ]);
  });

  it('validates each type’s fields with 400 naming them', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ['jsonContent', 'language', 'projectName']],
      [{ type: 'dialogflow', projectName: 'p', language: 'fr', jsonContent: key }, ['language']],
      [
        { type: 'dialogflow', projectName: 'p', language: 'en', jsonContent: '[1]' },
        ['jsonContent'],
      ],
      [{ type: 'typebot', urlN8N: receiver.url }, ['typebotSlug']],
      [{ type: 'n8n' }, ['urlN8N']],
      [{ type: 'webhook', urlN8N: 'ftp://x.io' }, ['urlN8N']],
      [{ type: 'dialogflow', projectName: 'p', language: 'en', id: 'abc' }, ['id']],
    ];
    for (const [body, fields] of cases) {
      const r = await testSession(aAdmin, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(
        (r.body.fields as { field: string }[]).map((f) => f.field).sort(),
        JSON.stringify(body).slice(0, 80),
      ).toEqual(fields.sort());
    }
    expect(fake.tokenRequests).toHaveLength(0);
    expect(receiver.requests).toHaveLength(0);
  });
});

describe('POST /queueIntegration/testSession: access, plan and tenancy', () => {
  it('refuses agents (403) and a plan without useIntegrations, calling no provider', async () => {
    for (const body of [dialogflow(), { type: 'webhook', urlN8N: `${receiver.url}/hook` }]) {
      const r = await testSession(aAgent, body);
      expect(r.status).toBe(403);
    }
    await withoutPlanFlag(t.databaseUrl, bAdmin.user.companyId, 'useIntegrations', async () => {
      for (const body of [
        dialogflow(),
        { type: 'webhook', urlN8N: `${receiver.url}/hook` },
        { type: 'typebot', urlN8N: receiver.url, typebotSlug: 'vendas' },
      ])
        expect(
          await apiError(() =>
            bAdmin.call('queueIntegrationsTestSession', { body: body as never }),
          ),
        ).toMatchObject({ status: 403, code: 'ERR_PLAN_FEATURE_DISABLED' });
    });
    expect(fake.tokenRequests).toHaveLength(0);
    expect(fake.detectRequests).toHaveLength(0);
    expect(receiver.requests).toHaveLength(0);
  });

  it("never tests company A's stored key for company B", async () => {
    const aIntegration = await aAdmin.call('queueIntegrationsCreate', {
      body: {
        type: 'dialogflow',
        name: 'Robô de A',
        projectName: PROJECT,
        language: 'pt-BR',
        jsonContent: key,
      },
    });
    const r = await testSession(bAdmin, dialogflow({ id: aIntegration.id, jsonContent: '' }));
    expect([r.status, r.body.error]).toEqual([404, 'ERR_NOT_FOUND']);
    // Even with a key of its own, B cannot name A's integration.
    const own = await testSession(bAdmin, dialogflow({ id: aIntegration.id }));
    expect(own.status).toBe(404);
    expect(fake.tokenRequests).toHaveLength(0);
    expect(fake.detectRequests).toHaveLength(0);
  });
});
