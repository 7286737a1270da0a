import { startFakeDialogflow, type FakeDialogflow } from '@atendo/testing/fake-dialogflow';
import { startFakeTypebot, type FakeTypebot } from '@atendo/testing/fake-typebot';
import { startFakeWebhook, type FakeWebhook } from '@atendo/testing/fake-webhook';
import type { InboundEvent, InboundMessage } from '@atendo/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LocalChannelAdapter,
  singleAdapterRegistry,
} from '@atendo/core/channels/channel-adapter.js';
import { receiveInbound } from '@atendo/core/modules/inbound/receive-inbound.js';
import { webhookSignature } from '@atendo/core/modules/queue-integrations/webhook-client.js';
import { DEMO_ADMIN, DEMO_AGENT, SUPER, startTestApi, type TestApi } from './support/api.js';
import { withoutPlanFlag } from './support/plan-flag.js';
import { sql } from './support/sql.js';

/**
 * Chatbot integrations (issue 25 §2, docs/product/inbound.md#pipeline-steps and B): customer messages through the real
 * inbound entry (receiveInbound, behind both the session channel and the Meta webhooks), the
 * provider called off the inbound path by the outbox's `bot.integration` rows against local
 * fakes speaking Typebot's chat API, a webhook receiver and Dialogflow ES with its OAuth token
 * exchange; the bot's messages go out through the (local) channel.
 */
let t: TestApi;
let typebot: FakeTypebot;
let hook: FakeWebhook;
let dialogflow: FakeDialogflow;
const adapter = new LocalChannelAdapter();
const A = { companyId: 0, agentId: 0 };
const B = { companyId: 0 };
let seq = 0;
const DELAY_MS = 150;

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<T>(t.databaseUrl, text, params);
const number = () => `5511966${String(++seq).padStart(6, '0')}`;
const event = (from: string, body: string, extra: Partial<InboundMessage> = {}): InboundEvent => ({
  type: 'message',
  wid: `I${++seq}-${Date.now()}`,
  fromMe: false,
  contact: { number: from, name: 'Bruna Costa' },
  kind: 'chat',
  body,
  isForwarded: false,
  ...extra,
});
const receive = (companyId: number, wa: number, e: InboundEvent) =>
  receiveInbound(t.api.ctx, { companyId, whatsappId: wa }, e);

async function until(check: () => Promise<boolean> | boolean, ms = 8_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in time');
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the message's integration job was claimed, then a while for it to have run. */
async function settled(companyId: number, messageId: number, ms = 400) {
  await until(async () => {
    const [row] = await q<{ doneAt: Date | null }>(
      `SELECT "doneAt" FROM outbox WHERE "dedupKey" = $1`,
      [`bot.integration:${companyId}:${messageId}`],
    );
    return !!row?.doneAt;
  });
  await sleep(ms);
}
const jobOf = async (companyId: number, messageId: number) =>
  (
    await q(`SELECT id FROM outbox WHERE "dedupKey" = $1`, [
      `bot.integration:${companyId}:${messageId}`,
    ])
  ).length;
const sentTo = (ticketId: number) => adapter.sent.filter((s) => s.ticketId === ticketId);
const bodiesTo = (ticketId: number) => sentTo(ticketId).map((s) => s.body);
const logTypes = async (ticketId: number) =>
  (
    await q<{ type: string }>(`SELECT type FROM logs_tickets WHERE "ticketId" = $1 ORDER BY id`, [
      ticketId,
    ])
  ).map((l) => l.type);
const ticketOf = async (id: number) =>
  (
    await q<{
      status: string;
      userId: number | null;
      useIntegration: boolean;
      integrationId: number | null;
      typebotSessionId: string | null;
    }>(
      `SELECT status, "userId", "useIntegration", "integrationId", "typebotSessionId"
         FROM tickets WHERE id = $1`,
      [id],
    )
  )[0]!;

async function integration(companyId: number, fields: Record<string, unknown>): Promise<number> {
  const cols = Object.keys(fields);
  const [row] = await q<{ id: number }>(
    `INSERT INTO queue_integrations ("companyId", ${cols.map((c) => `"${c}"`).join(', ')})
     VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
    [companyId, ...Object.values(fields)],
  );
  return row!.id;
}
async function connection(companyId: number, name: string, integrationId: number | null) {
  const [row] = await q<{ id: number }>(
    `INSERT INTO whatsapps ("companyId", name, status, "integrationId", token)
     VALUES ($1, $2, 'CONNECTED', $3, $4) RETURNING id`,
    [companyId, name, integrationId, `tok-${name.replace(/\W/g, '')}-${companyId}-0123456789`],
  );
  return row!.id;
}

beforeAll(async () => {
  typebot = await startFakeTypebot();
  hook = await startFakeWebhook();
  dialogflow = await startFakeDialogflow();
  t = await startTestApi(
    {
      INTEGRATION_TIMEOUT_MS: '800',
      DIALOGFLOW_API_URL: dialogflow.url,
      GOOGLE_OAUTH_TOKEN_URL: dialogflow.tokenUrl,
      LOGIN_RATE_LIMIT: '1000',
    },
    { channels: singleAdapterRegistry(adapter) },
  );
  const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  A.companyId = admin.user.companyId;
  A.agentId = agent.user.id;
  const su = await t.login(SUPER.email, SUPER.password);
  B.companyId = (
    await su.call('companiesCreate', {
      body: { name: 'Empresa B', email: 'admin@empresa-b-int.io', password: 'segredo1', planId: 1 },
    })
  ).id;

  typebot.bots.set('atendimento-demo', {
    invalidMessage: 'Escolha uma das opções.',
    steps: [
      {
        bubbles: [
          { type: 'text', text: 'Olá, **{{name}}**! Eu sou a Bia.' },
          { type: 'image', url: `${typebot.url}/missing/logo.png` },
          { type: 'text', text: 'Sobre o que você quer falar?' },
        ],
        input: { type: 'choice input', items: ['Vendas', 'Suporte'] },
      },
      {
        bubbles: [{ type: 'text', text: 'Descreva o problema, por favor.' }],
        input: { type: 'text input' },
      },
      { bubbles: [{ type: 'text', text: 'Obrigada! Um atendente vai continuar por aqui.' }] },
    ],
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await typebot?.close();
  await hook?.close();
  await dialogflow?.close();
});
beforeEach(() => {
  typebot.delayMs = 0;
  typebot.failStatus = 0;
  hook.status = 200;
  hook.answer = {};
  hook.delayMs = 0;
});

describe('a Typebot integration on the connection', () => {
  let wa = 0;
  let bot = 0;
  beforeAll(async () => {
    bot = await integration(A.companyId, {
      type: 'typebot',
      name: 'Bia',
      urlN8N: typebot.url,
      typebotSlug: 'atendimento-demo',
      typebotDelayMessage: DELAY_MS,
      typebotExpires: 5,
      typebotKeywordFinish: '#sair',
      typebotKeywordRestart: '#reiniciar',
      typebotRestartMessage: 'Vamos recomeçar.',
      typebotUnknownMessage: 'Não entendi, responda com o número da opção.',
    });
    wa = await connection(A.companyId, 'Typebot', bot);
  });

  it('runs a three-step flow with a numbered choice, then leaves the ticket to a human', async () => {
    const from = number();
    const first = await receive(A.companyId, wa, event(from, 'oi'));
    const ticketId = first.ticketId!;
    await until(() => sentTo(ticketId).length === 4);
    const start = typebot.requests.find((r) => r.path.endsWith('/startChat'))!;
    expect(start.path).toBe('/api/v1/typebots/atendimento-demo/startChat');
    expect(start.body.prefilledVariables).toMatchObject({ number: from, name: 'Bruna Costa' });
    // Markdown bold in WhatsApp's dialect; an image that cannot be fetched goes as its link;
    // the choice input numbered.
    expect(bodiesTo(ticketId)).toEqual([
      'Olá, *Bruna Costa*! Eu sou a Bia.',
      `${typebot.url}/missing/logo.png`,
      'Sobre o que você quer falar?',
      '*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte',
    ]);
    // The bot's messages are the typebotDelayMessage apart, sent as the bot.
    const times = await q<{ createdAt: Date; fromMe: boolean; userId: number | null }>(
      `SELECT "createdAt", "fromMe", "userId" FROM messages WHERE "ticketId" = $1 AND "fromMe" ORDER BY id`,
      [ticketId],
    );
    expect(times.every((m) => m.fromMe && m.userId === null)).toBe(true);
    for (let i = 1; i < times.length; i++)
      expect(
        new Date(times[i]!.createdAt).getTime() - new Date(times[i - 1]!.createdAt).getTime(),
      ).toBeGreaterThanOrEqual(DELAY_MS - 20);
    expect((await ticketOf(ticketId)).typebotSessionId).toBeTruthy();

    // "2" answers with the second choice's label.
    const two = await receive(A.companyId, wa, event(from, '2'));
    await until(() => sentTo(ticketId).length === 5);
    expect(typebot.requests.at(-1)!.body.message).toEqual({ type: 'text', text: 'Suporte' });
    expect(bodiesTo(ticketId).at(-1)).toBe('Descreva o problema, por favor.');
    expect(two.ticketId).toBe(ticketId);

    await receive(A.companyId, wa, event(from, 'Minha internet caiu'));
    await until(() => sentTo(ticketId).length === 6);
    expect(bodiesTo(ticketId).at(-1)).toBe('Obrigada! Um atendente vai continuar por aqui.');
    await until(async () => !(await ticketOf(ticketId)).useIntegration);
    expect(await ticketOf(ticketId)).toMatchObject({
      status: 'pending',
      userId: null,
      integrationId: bot,
      typebotSessionId: null,
    });
    expect(await logTypes(ticketId)).toContain('integrationFinished');

    // Let go for good: the next message reaches nobody's bot.
    const calls = typebot.requests.length;
    const after = await receive(A.companyId, wa, event(from, 'alô?'));
    await sleep(400);
    expect(await jobOf(A.companyId, after.messageId!)).toBe(0);
    expect(typebot.requests.length).toBe(calls);
  });

  it('answers what it cannot read with the unknown-message text, without calling Typebot', async () => {
    const from = number();
    const first = await receive(A.companyId, wa, event(from, 'bom dia'));
    await until(() => sentTo(first.ticketId!).length === 4);
    const calls = typebot.requests.length;
    await receive(A.companyId, wa, event(from, '7'));
    await until(() => sentTo(first.ticketId!).length === 6);
    expect(bodiesTo(first.ticketId!).slice(4)).toEqual([
      'Não entendi, responda com o número da opção.',
      '*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte',
    ]);
    await receive(
      A.companyId,
      wa,
      event(from, '', { kind: 'image', media: { mimetype: 'image/png', fileName: 'x.png' } }),
    );
    await until(() => sentTo(first.ticketId!).length === 8);
    expect(typebot.requests.length).toBe(calls);
    // A label typed in full is passed on, and Typebot's own re-ask comes back for a wrong one.
    await receive(A.companyId, wa, event(from, 'Financeiro'));
    await until(() => sentTo(first.ticketId!).length === 10);
    expect(bodiesTo(first.ticketId!).slice(8)).toEqual([
      'Escolha uma das opções.',
      '*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte',
    ]);
  });

  it('restarts on its keyword, starts anew after typebotExpires minutes, and finishes on its keyword', async () => {
    const from = number();
    const first = await receive(A.companyId, wa, event(from, 'olá'));
    const ticketId = first.ticketId!;
    await until(() => sentTo(ticketId).length === 4);
    const session1 = (await ticketOf(ticketId)).typebotSessionId;

    await receive(A.companyId, wa, event(from, '#REINICIAR'));
    await until(() => sentTo(ticketId).length === 9);
    expect(bodiesTo(ticketId)[4]).toBe('Vamos recomeçar.');
    const session2 = (await ticketOf(ticketId)).typebotSessionId;
    expect(session2).toBeTruthy();
    expect(session2).not.toBe(session1);

    // Six minutes of silence (the conversation's clock moved back): a new session.
    await q(
      `UPDATE messages SET "createdAt" = "createdAt" - interval '6 minutes' WHERE "ticketId" = $1`,
      [ticketId],
    );
    const starts = typebot.requests.filter((r) => r.path.endsWith('/startChat')).length;
    await receive(A.companyId, wa, event(from, '1'));
    await until(() => sentTo(ticketId).length === 13);
    expect(typebot.requests.filter((r) => r.path.endsWith('/startChat')).length).toBe(starts + 1);
    expect((await ticketOf(ticketId)).typebotSessionId).not.toBe(session2);

    const calls = typebot.requests.length;
    await receive(A.companyId, wa, event(from, '#sair'));
    await until(async () => !(await ticketOf(ticketId)).useIntegration);
    expect(typebot.requests.length).toBe(calls);
    expect(await ticketOf(ticketId)).toMatchObject({ status: 'pending', userId: null });
    expect(await logTypes(ticketId)).toContain('integrationFinished');
  });

  it('stops for good once an attendant accepts the ticket', async () => {
    const from = number();
    const first = await receive(A.companyId, wa, event(from, 'oi'));
    await until(() => sentTo(first.ticketId!).length === 4);
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.call('ticketsUpdate', {
      params: { id: first.ticketId! },
      body: { status: 'open', userId: admin.user.id },
    });
    expect(await ticketOf(first.ticketId!)).toMatchObject({
      useIntegration: false,
      typebotSessionId: null,
    });
    const calls = typebot.requests.length;
    const later = await receive(A.companyId, wa, event(from, '2'));
    await sleep(400);
    expect(await jobOf(A.companyId, later.messageId!)).toBe(0);
    expect(typebot.requests.length).toBe(calls);
    expect(sentTo(first.ticketId!)).toHaveLength(4);
  });

  it('leaves the ticket pending with a log when Typebot fails or times out, and never answers twice', async () => {
    typebot.failStatus = 500;
    const from = number();
    const e = event(from, 'oi');
    const first = await receive(A.companyId, wa, e);
    await settled(A.companyId, first.messageId!);
    expect(sentTo(first.ticketId!)).toHaveLength(0);
    expect(await logTypes(first.ticketId!)).toContain('integrationFailed');
    expect(await ticketOf(first.ticketId!)).toMatchObject({ status: 'pending', userId: null });
    // The channel redelivers the same message: stored once, no second call.
    typebot.failStatus = 0;
    const calls = typebot.requests.length;
    await receive(A.companyId, wa, e);
    await sleep(400);
    expect(typebot.requests.length).toBe(calls);

    typebot.delayMs = 1_500;
    const slow = await receive(A.companyId, wa, event(number(), 'oi'));
    await settled(A.companyId, slow.messageId!, 1_200);
    expect(await logTypes(slow.ticketId!)).toContain('integrationTimeout');
    expect(sentTo(slow.ticketId!)).toHaveLength(0);
  });

  it('does not run without useIntegrations on the plan', async () => {
    await withoutPlanFlag(t.databaseUrl, A.companyId, 'useIntegrations', async () => {
      const calls = typebot.requests.length;
      const r = await receive(A.companyId, wa, event(number(), 'oi'));
      await sleep(400);
      expect(await jobOf(A.companyId, r.messageId!)).toBe(0);
      expect(typebot.requests.length).toBe(calls);
      expect((await ticketOf(r.ticketId!)).useIntegration).toBe(false);
    });
  });
});

describe('an n8n / webhook integration', () => {
  let wa = 0;
  let token = '';
  beforeAll(async () => {
    const id = await integration(A.companyId, {
      type: 'n8n',
      name: 'Fluxo n8n',
      urlN8N: `${hook.url}/webhook/atendo`,
    });
    wa = await connection(A.companyId, 'n8n', id);
    token = (await q<{ token: string }>(`SELECT token FROM whatsapps WHERE id = $1`, [wa]))[0]!
      .token;
  });

  it('posts the message signed and versioned, sends what it answers, and hands off when told', async () => {
    hook.answer = { messages: ['Recebemos seu pedido.', { text: 'Protocolo 123.' }] };
    const from = number();
    const r = await receive(A.companyId, wa, event(from, 'Quero meu boleto'));
    await until(() => sentTo(r.ticketId!).length === 2);
    expect(bodiesTo(r.ticketId!)).toEqual(['Recebemos seu pedido.', 'Protocolo 123.']);
    const got = hook.requests.at(-1)!;
    expect(got.path).toBe('/webhook/atendo');
    expect(got.body).toMatchObject({
      version: 1,
      event: 'message',
      companyId: A.companyId,
      connection: { id: wa, name: 'n8n' },
      ticket: { id: r.ticketId, status: 'pending' },
      contact: { name: 'Bruna Costa', number: from },
      message: { id: r.messageId, body: 'Quero meu boleto', mediaType: 'chat' },
    });
    expect(got.headers['idempotency-key']).toBe(`bot.integration:${A.companyId}:${r.messageId}`);
    const ts = got.headers['x-atendo-timestamp'] as string;
    expect(got.headers['x-atendo-signature']).toBe(webhookSignature(token, ts, got.raw));
    expect(got.headers['x-atendo-signature']).not.toBe(webhookSignature('outro', ts, got.raw));

    hook.answer = { messages: ['Vou te passar para um atendente.'], handoff: true };
    await receive(A.companyId, wa, event(from, 'falar com humano'));
    await until(() => sentTo(r.ticketId!).length === 3);
    await until(async () => !(await ticketOf(r.ticketId!)).useIntegration);
    expect(await logTypes(r.ticketId!)).toContain('integrationFinished');
  });

  it('leaves the ticket for a human when the receiver answers 500 or not in time', async () => {
    hook.status = 500;
    const r = await receive(A.companyId, wa, event(number(), 'oi'));
    await settled(A.companyId, r.messageId!);
    expect(sentTo(r.ticketId!)).toHaveLength(0);
    expect(await logTypes(r.ticketId!)).toContain('integrationFailed');
    hook.status = 200;
    hook.delayMs = 1_500;
    const slow = await receive(A.companyId, wa, event(number(), 'oi'));
    await settled(A.companyId, slow.messageId!, 1_200);
    expect(await logTypes(slow.ticketId!)).toContain('integrationTimeout');
  });
});

describe('a Dialogflow integration picked in a queue option', () => {
  it('greets, answers intents in a session per ticket, and hands off at the end of the conversation', async () => {
    const account = dialogflow.newServiceAccount({ projectId: 'demo-agent' });
    const df = await integration(A.companyId, {
      type: 'dialogflow',
      name: 'Agente DF',
      projectName: 'demo-agent',
      jsonContent: account,
      language: 'pt-BR',
    });
    const [{ id: queueId }] = (await q<{ id: number }>(
      `INSERT INTO queues ("companyId", name, color, "greetingMessage") VALUES ($1, 'Robô', '#abcdef', 'Escolha:') RETURNING id`,
      [A.companyId],
    )) as [{ id: number }];
    await q(
      `INSERT INTO queue_options ("companyId", "queueId", name, "queueType", "optIntegrationId", "order")
       VALUES ($1, $2, 'Assistente', 'integration', $3, 1), ($1, $2, 'Outro', 'text', NULL, 2)`,
      [A.companyId, queueId, df],
    );
    const wa = await connection(A.companyId, 'Dialogflow', null);
    await q(
      `INSERT INTO whatsapp_queues ("companyId", "whatsappId", "queueId") VALUES ($1, $2, $3)`,
      [A.companyId, wa, queueId],
    );
    dialogflow.fallback = { intent: 'Default Fallback Intent', texts: ['Pode repetir?'] };
    dialogflow.rules = [
      { match: /^olá$/i, intent: 'Welcome', texts: ['Oi! Sou o assistente.'] },
      { match: /boleto/i, intent: 'Boleto', texts: ['Seu boleto vence dia 10.', 'Algo mais?'] },
      { match: /tchau/i, intent: 'Fim', texts: ['Até logo!'], endInteraction: true },
    ];
    const from = number();
    const r = await receive(A.companyId, wa, event(from, 'oi'));
    const ticketId = r.ticketId!;
    await until(() => sentTo(ticketId).length === 1); // the queue's options
    await receive(A.companyId, wa, event(from, '1'));
    await until(() => sentTo(ticketId).length === 2);
    expect(bodiesTo(ticketId).at(-1)).toBe('Oi! Sou o assistente.');
    await receive(A.companyId, wa, event(from, 'e o boleto?'));
    await until(() => sentTo(ticketId).length === 4);
    expect(bodiesTo(ticketId).slice(2)).toEqual(['Seu boleto vence dia 10.', 'Algo mais?']);
    const detects = dialogflow.detectRequests.slice(-2);
    expect(detects.map((d) => d.project)).toEqual(['demo-agent', 'demo-agent']);
    expect(new Set(detects.map((d) => d.session)).size).toBe(1);
    expect(detects[1]!.body).toMatchObject({
      queryInput: { text: { text: 'e o boleto?', languageCode: 'pt-BR' } },
    });
    expect(dialogflow.tokenRequests.every((r) => r.signatureValid)).toBe(true);

    await receive(A.companyId, wa, event(from, 'tchau'));
    await until(() => sentTo(ticketId).length === 5);
    await until(async () => !(await ticketOf(ticketId)).useIntegration);
    expect(await ticketOf(ticketId)).toMatchObject({ status: 'pending', userId: null });
  });
});

describe('tenancy', () => {
  it("never runs company A's integration for company B", async () => {
    const aBot = await integration(A.companyId, {
      type: 'webhook',
      name: 'Só da A',
      urlN8N: `${hook.url}/somente-a`,
    });
    // B's connection points (by a foreign key that knows no company) at A's integration.
    const waB = await connection(B.companyId, 'B', aBot);
    const r = await receive(B.companyId, waB, event(number(), 'oi'));
    await sleep(600);
    expect(hook.requests.filter((h) => h.path === '/somente-a')).toHaveLength(0);
    expect(sentTo(r.ticketId!)).toHaveLength(0);
  });
});
