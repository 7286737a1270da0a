import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  generateServiceAccount,
  startFakeDialogflow,
  type FakeDialogflow,
} from '@atendo/testing/fake-dialogflow';
import type { AppContext } from '@atendo/core/context.js';
import { loadConfig } from '@atendo/core/config.js';
import { createLogger } from '@atendo/core/logger.js';
import {
  clearDialogflowTokens,
  detectIntent,
} from '@atendo/core/modules/queue-integrations/dialogflow-client.js';

let fake: FakeDialogflow;
let ctx: AppContext;
let logs = '';
let key: string;

beforeAll(async () => {
  fake = await startFakeDialogflow();
  key = fake.newServiceAccount({
    projectId: 'loja-bot',
    clientEmail: 'bot@loja-bot.iam.gserviceaccount.com',
  });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs += chunk.toString('utf8');
      done();
    },
  });
  ctx = {
    config: loadConfig({
      NODE_ENV: 'test',
      INTEGRATION_TIMEOUT_MS: '400',
      DIALOGFLOW_API_URL: fake.url,
      GOOGLE_OAUTH_TOKEN_URL: fake.tokenUrl,
    }),
    logger: createLogger('trace', sink),
  } as unknown as AppContext;
});
afterAll(() => fake?.close());
beforeEach(() => {
  clearDialogflowTokens();
  fake.tokenRequests.length = 0;
  fake.detectRequests.length = 0;
  fake.delay = { token: 0, detect: 0 };
  fake.failStatus = { token: null, detect: null };
  fake.rules = [
    { match: /preço/i, intent: 'preco', texts: ['O plano custa R$ 99.', 'Quer assinar?'] },
    { match: /tchau/i, intent: 'despedida', texts: ['Até logo!'], endInteraction: true },
    { match: /humano/i, intent: 'atendente', texts: ['Chamando...'], endConversation: true },
    { match: /horário/i, intent: 'horario', texts: ['Das 8h às 18h.'], fulfillmentTextOnly: true },
  ];
  logs = '';
});

const ask = (
  text: string,
  o: { jsonContent?: string; projectName?: string; sessionId?: string } = {},
) =>
  detectIntent(ctx, {
    jsonContent: o.jsonContent ?? key,
    projectName: o.projectName ?? 'loja-bot',
    language: 'pt-BR',
    sessionId: o.sessionId ?? 'ticket-42',
    text,
  });

/** The private key of a key file (what must never leave the api). */
const privateKeyOf = (json: string) =>
  (JSON.parse(json) as { private_key: string }).private_key.split('\n')[1]!;

describe('detectIntent against the fake Dialogflow', () => {
  it('signs an RS256 JWT, exchanges it once and reuses the token; reads the fulfilment messages', async () => {
    const first = await ask('Qual o preço?');
    expect(first).toEqual({
      ok: true,
      texts: ['O plano custa R$ 99.', 'Quer assinar?'],
      intent: 'preco',
      endConversation: false,
    });
    const second = await ask('E o preço anual?', { sessionId: 'ticket-43' });
    expect(second).toMatchObject({ ok: true, intent: 'preco' });

    expect(fake.tokenRequests).toHaveLength(1);
    const exchange = fake.tokenRequests[0]!;
    expect(exchange).toMatchObject({
      contentType: 'application/x-www-form-urlencoded',
      grantType: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      header: { alg: 'RS256', typ: 'JWT' },
      signatureValid: true,
      status: 200,
    });
    const claims = exchange.claims as Record<string, number | string>;
    expect(claims).toMatchObject({
      iss: 'bot@loja-bot.iam.gserviceaccount.com',
      aud: fake.tokenUrl,
      scope: 'https://www.googleapis.com/auth/cloud-platform',
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);

    expect(fake.detectRequests.map((r) => [r.project, r.session, r.status])).toEqual([
      ['loja-bot', 'ticket-42', 200],
      ['loja-bot', 'ticket-43', 200],
    ]);
    const [a, b] = fake.detectRequests;
    expect(a!.authorization).toMatch(/^Bearer ya29\.fake-/);
    expect(b!.authorization).toBe(a!.authorization);
    expect(a!.contentType).toBe('application/json');
    expect(a!.body).toEqual({
      queryInput: { text: { text: 'Qual o preço?', languageCode: 'pt-BR' } },
    });
  });

  it('reads endInteraction, diagnosticInfo.end_conversation, fulfillmentText and the fallback', async () => {
    expect(await ask('tchau')).toEqual({
      ok: true,
      texts: ['Até logo!'],
      intent: 'despedida',
      endConversation: true,
    });
    expect(await ask('quero um humano')).toMatchObject({
      intent: 'atendente',
      endConversation: true,
    });
    expect(await ask('qual o horário?')).toEqual({
      ok: true,
      texts: ['Das 8h às 18h.'],
      intent: 'horario',
      endConversation: false,
    });
    expect(await ask('abacaxi')).toEqual({
      ok: true,
      texts: ['Desculpe, não entendi.'],
      intent: 'Default Fallback Intent',
      endConversation: false,
    });
  });

  it('renews a token Google no longer accepts, and one about to expire', async () => {
    fake.tokenExpiresIn = 30; // under the 60 s margin: never reused
    try {
      await ask('preço');
      await ask('preço');
      expect(fake.tokenRequests).toHaveLength(2);
    } finally {
      fake.tokenExpiresIn = 3599;
    }
    clearDialogflowTokens();
    await ask('preço');
    fake.revokeTokens();
    expect(await ask('preço')).toMatchObject({ ok: false, reason: 'status', status: 401 });
    expect(await ask('preço')).toMatchObject({ ok: true });
    expect(fake.tokenRequests).toHaveLength(4);
  });

  it('answers credentials for a key that is not a service account or that Google refuses', async () => {
    for (const jsonContent of [
      'not json',
      '{"client_email":"x@y.z"}',
      '{"client_email":"x@y.z","private_key":"nope"}',
    ])
      expect(await ask('preço', { jsonContent }), jsonContent).toMatchObject({
        ok: false,
        reason: 'credentials',
      });
    expect(fake.tokenRequests).toHaveLength(0);

    const stranger = generateServiceAccount({ projectId: 'loja-bot' });
    expect(await ask('preço', { jsonContent: stranger.json })).toEqual({
      ok: false,
      reason: 'credentials',
      status: 400,
      message: 'Invalid grant: account not found',
    });
    // The known account's email with another key: the signature does not verify.
    const forged = JSON.stringify({
      ...(JSON.parse(stranger.json) as object),
      client_email: 'bot@loja-bot.iam.gserviceaccount.com',
    });
    expect(await ask('preço', { jsonContent: forged })).toEqual({
      ok: false,
      reason: 'credentials',
      status: 400,
      message: 'Invalid JWT Signature.',
    });
    expect(fake.tokenRequests.map((r) => r.signatureValid)).toEqual([false, false]);
    expect(fake.detectRequests).toHaveLength(0);
    expect(logs).toContain('dialogflow call failed');
    for (const json of [key, stranger.json]) expect(logs).not.toContain(privateKeyOf(json));
  });

  it("answers Google's status and message, timeouts and an unreachable host, logging no key or token", async () => {
    expect(await ask('preço', { projectName: 'outro-projeto' })).toEqual({
      ok: false,
      reason: 'status',
      status: 403,
      message:
        "IAM permission 'dialogflow.sessions.detectIntent' on 'projects/outro-projeto/agent' denied.",
    });
    fake.failStatus.detect = 500;
    expect(await ask('preço')).toMatchObject({ ok: false, reason: 'status', status: 500 });
    fake.failStatus.detect = null;
    fake.failStatus.token = 503;
    clearDialogflowTokens();
    expect(await ask('preço')).toMatchObject({ ok: false, reason: 'status', status: 503 });
    fake.failStatus.token = null;

    fake.delay.detect = 1000;
    const started = Date.now();
    expect(await ask('preço')).toEqual({ ok: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(900);
    fake.delay = { token: 1000, detect: 0 };
    clearDialogflowTokens();
    expect(await ask('preço')).toEqual({ ok: false, reason: 'timeout' });

    const offline = { ...ctx, config: { ...ctx.config, DIALOGFLOW_API_URL: 'http://127.0.0.1:9' } };
    fake.delay = { token: 0, detect: 0 };
    expect(
      await detectIntent(offline, {
        jsonContent: key,
        projectName: 'loja-bot',
        language: 'pt-BR',
        sessionId: 's',
        text: 'oi',
      }),
    ).toEqual({ ok: false, reason: 'unreachable' });

    expect(logs).toContain('"reason":"timeout"');
    expect(logs).not.toContain(privateKeyOf(key));
    expect(logs).not.toContain('ya29.');
  });
});
