import fs from 'node:fs';
import type { InboundEvent, InboundMessage } from '@atendo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LocalChannelAdapter,
  singleAdapterRegistry,
} from '@atendo/core/channels/channel-adapter.js';
import { receiveInbound } from '@atendo/core/modules/inbound/receive-inbound.js';
import { PROMPT_TRANSFER_MARKER } from '@atendo/core/modules/prompts/answer-with-prompt.js';
import { DEMO_ADMIN, DEMO_AGENT, SUPER, startTestApi, type TestApi } from './support/api.js';
import { startFakeAzureSpeech, type FakeAzureSpeech } from '@atendo/testing/fake-azure-speech';
import { startFakeOpenAi, type FakeOpenAi } from '@atendo/testing/fake-openai';
import { withoutPlanFlag } from './support/plan-flag.js';
import { sql } from './support/sql.js';

/**
 * The AI prompt answers (issue 25 §1, docs/product/inbound.md#pipeline-steps): customer messages through the real
 * inbound entry (receiveInbound), the answer computed off the inbound path by the outbox's
 * `bot.prompt` rows against a local OpenAI-compatible fake, and sent through the (local)
 * channel as the bot.
 */
let t: TestApi;
let fake: FakeOpenAi;
let speech: FakeAzureSpeech;
const AZURE_KEY = 'azure-speech-key-of-demo-0001';
const adapter = new LocalChannelAdapter();
const KEY_A = 'sk-empresa-a-0001';
const KEY_B = 'sk-empresa-b-0002';
/** Company A's speech-to-text key (the transcription settings). */
const TRANSCRIBE_KEY = 'sk-proj-PromptTranscriptionKey0123456789abcdefghij';
const SYSTEM_A = 'Você é a assistente virtual da Demo. Responda em português, com cordialidade.';
const SYSTEM_B = 'Você é o robô da Empresa B.';
const A = { companyId: 0, agentId: 0, wa: 0, waForeign: 0, queue: 0, prompt: 0 };
const B = { companyId: 0, wa: 0, prompt: 0 };
let seq = 0;

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<T>(t.databaseUrl, text, params);
const number = () => `5511955${String(++seq).padStart(6, '0')}`;
const event = (from: string, body: string, extra: Partial<InboundMessage> = {}): InboundEvent => ({
  type: 'message',
  wid: `P${++seq}-${Date.now()}`,
  fromMe: false,
  contact: { number: from, name: 'Carla Dias' },
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

/** The outbox row of a message's prompt answer (null: none was enqueued). */
async function promptRow(companyId: number, messageId: number) {
  const [row] = await q<{ doneAt: Date | null; attempts: number }>(
    `SELECT "doneAt", attempts FROM outbox WHERE "dedupKey" = $1`,
    [`bot.prompt:${companyId}:${messageId}`],
  );
  return row ?? null;
}
/** Waits until the answer's job was claimed, then a while for its call to have been made. */
async function settled(companyId: number, messageId: number) {
  await until(async () => !!(await promptRow(companyId, messageId))?.doneAt);
  await sleep(300);
}
const sentTo = (ticketId: number) => adapter.sent.filter((s) => s.ticketId === ticketId);
const logsOf = async (ticketId: number) =>
  (
    await q<{ type: string; queueId: number | null }>(
      `SELECT type, "queueId" FROM logs_tickets WHERE "ticketId" = $1 ORDER BY id`,
      [ticketId],
    )
  ).map((l) => l);
const ticketOf = async (id: number) =>
  (
    await q<{ status: string; userId: number | null; queueId: number | null }>(
      `SELECT status, "userId", "queueId" FROM tickets WHERE id = $1`,
      [id],
    )
  )[0]!;

beforeAll(async () => {
  fake = await startFakeOpenAi({ openai: TRANSCRIBE_KEY, groq: 'unused' });
  speech = await startFakeAzureSpeech(
    AZURE_KEY,
    new URL('./fixtures/opusenc.ogg', import.meta.url),
  );
  t = await startTestApi(
    {
      OPENAI_BASE_URL: fake.url,
      OPENAI_CHAT_TIMEOUT_MS: '1000',
      LOGIN_RATE_LIMIT: '1000',
      TRANSCRIPTION_OPENAI_URL: fake.url,
      AZURE_SPEECH_URL: `${speech.url}/{region}`,
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
      body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
    })
  ).id;

  const [queue] = await q<{ id: number }>(
    `INSERT INTO queues ("companyId", name, color) VALUES ($1, 'Atendimento IA', '#123456') RETURNING id`,
    [A.companyId],
  );
  A.queue = queue!.id;
  const prompt = async (companyId: number, text: string, key: string, queueId: number | null) =>
    (
      await q<{ id: number }>(
        `INSERT INTO prompts ("companyId", name, prompt, "apiKey", "queueId", "maxTokens", temperature, "maxMessages")
         VALUES ($1, 'Assistente', $2, $3, $4, 120, 0.4, 3) RETURNING id`,
        [companyId, text, key, queueId],
      )
    )[0]!.id;
  A.prompt = await prompt(A.companyId, SYSTEM_A, KEY_A, A.queue);
  B.prompt = await prompt(B.companyId, SYSTEM_B, KEY_B, null);
  // The hand-off queue answers with the same prompt: a handed-off ticket must not loop back.
  await q(`UPDATE queues SET "promptId" = $1 WHERE id = $2`, [A.prompt, A.queue]);
  const connection = async (companyId: number, name: string, promptId: number) =>
    (
      await q<{ id: number }>(
        `INSERT INTO whatsapps ("companyId", name, status, "promptId") VALUES ($1, $2, 'CONNECTED', $3) RETURNING id`,
        [companyId, name, promptId],
      )
    )[0]!.id;
  A.wa = await connection(A.companyId, 'IA', A.prompt);
  B.wa = await connection(B.companyId, 'IA B', B.prompt);
  // A connection of A pointing (by a foreign key that knows no company) at B's prompt.
  A.waForeign = await connection(A.companyId, 'IA estranha', B.prompt);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await speech?.close();
});

describe('a voice note to the AI prompt', () => {
  it("answers what the customer said (the company's transcription service), or leaves it for a human", async () => {
    const ogg = fs.readFileSync(new URL('./fixtures/opusenc.ogg', import.meta.url));
    const voice = (from: string) =>
      receiveInbound(
        t.api.ctx,
        { companyId: A.companyId, whatsappId: A.wa },
        event(from, '', { kind: 'audio', media: { mimetype: 'audio/ogg', fileName: 'nota.ogg' } }),
        { data: ogg, mimetype: 'audio/ogg', fileName: 'nota.ogg' },
      );
    // No transcription service set: nothing is answered blind; a human takes it.
    const from = number();
    const before = fake.chatRequests.length;
    const unheard = await voice(from);
    await settled(A.companyId, unheard.messageId!);
    expect(fake.chatRequests.length).toBe(before);
    expect(sentTo(unheard.ticketId!)).toHaveLength(0);
    expect((await logsOf(unheard.ticketId!)).map((l) => l.type)).toContain('promptFailed');

    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.call('transcriptionCredentialsCreate', {
      body: { service: 'openai', apiKey: TRANSCRIBE_KEY, isActive: true },
    });
    await admin.call('transcriptionDefaultUpdate', { body: { service: 'openai' } });
    fake.text = 'Quero a segunda via do boleto';
    fake.chat = { text: 'Claro, envio agora.', delayMs: 0, failStatus: null };
    const heard = await voice(number());
    await until(() => sentTo(heard.ticketId!).length === 1);
    expect(fake.chatRequests.at(-1)!.body.messages?.at(-1)).toEqual({
      role: 'user',
      content: 'Quero a segunda via do boleto',
    });
    expect(sentTo(heard.ticketId!)[0]!.body).toBe('Claro, envio agora.');
  });
});

describe('a prompt with a voice', () => {
  it('speaks its reply as a voice note (Azure neural voice), and writes it when synthesis fails', async () => {
    const [{ id: promptId }] = (await q<{ id: number }>(
      `INSERT INTO prompts ("companyId", name, prompt, "apiKey", "maxTokens", temperature, "maxMessages",
                            voice, "voiceKey", "voiceRegion")
       VALUES ($1, 'Voz', 'Responda curto.', $2, 60, 0.2, 2, 'pt-BR-FranciscaNeural', $3, 'brazilsouth')
       RETURNING id`,
      [A.companyId, KEY_A, AZURE_KEY],
    )) as [{ id: number }];
    const [{ id: wa }] = (await q<{ id: number }>(
      `INSERT INTO whatsapps ("companyId", name, status, "promptId") VALUES ($1, 'Voz', 'CONNECTED', $2) RETURNING id`,
      [A.companyId, promptId],
    )) as [{ id: number }];
    fake.chat = { text: 'Abrimos às 8h & fechamos às 18h.', delayMs: 0, failStatus: null };
    const spoken = await receive(A.companyId, wa, event(number(), 'Que horas abre?'));
    await until(() => sentTo(spoken.ticketId!).length === 1);
    const req = speech.requests.at(-1)!;
    expect(req).toMatchObject({
      path: '/brazilsouth/cognitiveservices/v1',
      key: AZURE_KEY,
      contentType: 'application/ssml+xml',
      outputFormat: 'ogg-24khz-16bit-mono-opus',
    });
    expect(req.ssml).toBe(
      '<speak version="1.0" xml:lang="pt-BR"><voice name="pt-BR-FranciscaNeural">' +
        'Abrimos às 8h &amp; fechamos às 18h.</voice></speak>',
    );
    expect(sentTo(spoken.ticketId!)[0]).toMatchObject({ mediaType: 'audio' });
    const [stored] = await q<{ mediaType: string; mediaUrl: string; body: string }>(
      `SELECT "mediaType", "mediaUrl", body FROM messages WHERE "ticketId" = $1 AND "fromMe"`,
      [spoken.ticketId],
    );
    expect(stored).toMatchObject({ mediaType: 'audio', body: 'Abrimos às 8h & fechamos às 18h.' });
    expect(stored!.mediaUrl).toMatch(new RegExp(`^/private/${A.companyId}/[0-9a-f]{32}\\.ogg$`));

    speech.failNext(500);
    fake.chat = { text: 'Só por escrito desta vez.', delayMs: 0, failStatus: null };
    const written = await receive(A.companyId, wa, event(number(), 'E amanhã?'));
    await until(() => sentTo(written.ticketId!).length === 1);
    expect(sentTo(written.ticketId!)[0]).toMatchObject({
      mediaType: null,
      body: 'Só por escrito desta vez.',
    });
  });
});

describe('the AI prompt of a connection', () => {
  it('answers with the system prompt and the last maxMessages messages, through the channel, as the bot', async () => {
    fake.chat = { text: 'Olá! Sou a assistente. Como posso ajudar?', delayMs: 0, failStatus: null };
    const from = number();
    const before = fake.chatRequests.length;
    const first = await receive(A.companyId, A.wa, event(from, 'Oi, bom dia'));
    await until(() => sentTo(first.ticketId!).length === 1);
    const call = fake.chatRequests[before]!;
    expect(call.authorization).toBe(`Bearer ${KEY_A}`);
    expect(call.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: SYSTEM_A },
        { role: 'user', content: 'Oi, bom dia' },
      ],
      max_tokens: 120,
      temperature: 0.4,
    });
    expect(sentTo(first.ticketId!)[0]!.body).toBe('Olá! Sou a assistente. Como posso ajudar?');
    const [bot] = await q<{ fromMe: boolean; userId: number | null; body: string }>(
      `SELECT "fromMe", "userId", body FROM messages
        WHERE "ticketId" = $1 AND "fromMe" ORDER BY id DESC LIMIT 1`,
      [first.ticketId],
    );
    expect(bot).toEqual({
      fromMe: true,
      userId: null,
      body: 'Olá! Sou a assistente. Como posso ajudar?',
    });
    expect((await ticketOf(first.ticketId!)).status).toBe('pending');

    fake.chat.text = 'Claro, o horário é das 8h às 18h.';
    await receive(A.companyId, A.wa, event(from, 'Qual o horário?'));
    await until(() => sentTo(first.ticketId!).length === 2);
    // A private note and a deleted message are no part of the conversation.
    await q(
      `INSERT INTO messages ("companyId", body, "fromMe", "isPrivate", "ticketId", "contactId", "whatsappId")
       SELECT "companyId", 'nota interna: cliente VIP', true, true, id, "contactId", "whatsappId"
         FROM tickets WHERE id = $1`,
      [first.ticketId],
    );
    await q(
      `INSERT INTO messages ("companyId", body, "fromMe", "isDeleted", "ticketId", "contactId", "whatsappId")
       SELECT "companyId", 'mensagem apagada', false, true, id, "contactId", "whatsappId"
         FROM tickets WHERE id = $1`,
      [first.ticketId],
    );
    fake.chat.text = 'Sábado também.';
    const n = fake.chatRequests.length;
    await receive(A.companyId, A.wa, event(from, 'E no sábado?'));
    await until(() => sentTo(first.ticketId!).length === 3);
    // maxMessages 3: the oldest exchange falls out; oldest first, customer user, ours assistant.
    expect(fake.chatRequests[n]!.body.messages).toEqual([
      { role: 'system', content: SYSTEM_A },
      { role: 'user', content: 'Qual o horário?' },
      { role: 'assistant', content: 'Claro, o horário é das 8h às 18h.' },
      { role: 'user', content: 'E no sábado?' },
    ]);
  });

  it('stops once an attendant accepts the ticket, and drops an answer that arrives after', async () => {
    fake.chat = { text: 'Resposta atrasada', delayMs: 600, failStatus: null };
    const from = number();
    const before = fake.chatRequests.length;
    const r = await receive(A.companyId, A.wa, event(from, 'Preciso de ajuda'));
    await until(() => fake.chatRequests.length === before + 1);
    // The agent accepts while the model is still thinking.
    await q(`UPDATE tickets SET status = 'open', "userId" = $2 WHERE id = $1`, [
      r.ticketId,
      A.agentId,
    ]);
    await sleep(900);
    expect(sentTo(r.ticketId!)).toEqual([]);
    const [{ n }] = (await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE "ticketId" = $1 AND "fromMe"`,
      [r.ticketId],
    )) as [{ n: number }];
    expect(n).toBe(0);

    fake.chat.delayMs = 0;
    const next = await receive(A.companyId, A.wa, event(from, 'Alô?'));
    expect(await promptRow(A.companyId, next.messageId!)).toBeNull();
    await sleep(300);
    expect(fake.chatRequests.length).toBe(before + 1);
  });

  it('hands the ticket to the prompt’s queue on the transfer marker, sending nothing of the marker', async () => {
    fake.chat = {
      text: `Vou transferir você para um atendente.\n${PROMPT_TRANSFER_MARKER}`,
      delayMs: 0,
      failStatus: null,
    };
    const from = number();
    const r = await receive(A.companyId, A.wa, event(from, 'Quero falar com uma pessoa'));
    await until(async () => (await ticketOf(r.ticketId!)).queueId === A.queue);
    await until(() => sentTo(r.ticketId!).length === 1);
    expect(sentTo(r.ticketId!).map((s) => s.body)).toEqual([
      'Vou transferir você para um atendente.',
    ]);
    expect(await ticketOf(r.ticketId!)).toEqual({
      status: 'pending',
      userId: null,
      queueId: A.queue,
    });
    expect(await logsOf(r.ticketId!)).toContainEqual({ type: 'promptTransfer', queueId: A.queue });
    const stored = await q<{ body: string }>(
      `SELECT body FROM messages WHERE "ticketId" = $1 AND body LIKE '%Transferir%'`,
      [r.ticketId],
    );
    expect(stored).toEqual([]);

    // Its queue has the same prompt: the human's ticket does not go back to the bot.
    const before = fake.chatRequests.length;
    const next = await receive(A.companyId, A.wa, event(from, 'Oi?'));
    expect(await promptRow(A.companyId, next.messageId!)).toBeNull();
    expect(fake.chatRequests.length).toBe(before);
  });

  it('leaves the ticket waiting with a log entry when the provider fails or times out, and never calls twice for a redelivery', async () => {
    fake.chat = { text: 'nunca enviado', delayMs: 0, failStatus: 500 };
    const from = number();
    const e = event(from, 'Vocês abrem amanhã?');
    const before = fake.chatRequests.length;
    const r = await receive(A.companyId, A.wa, e);
    await until(async () => (await logsOf(r.ticketId!)).some((l) => l.type === 'promptFailed'));
    expect(fake.chatRequests.length).toBe(before + 1);
    expect(sentTo(r.ticketId!)).toEqual([]);
    expect(await ticketOf(r.ticketId!)).toMatchObject({ status: 'pending', userId: null });

    const again = await receive(A.companyId, A.wa, e);
    expect(again.duplicate).toBe(true);
    await sleep(400);
    expect(fake.chatRequests.length).toBe(before + 1);
    const [{ n }] = (await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE "dedupKey" = $1`,
      [`bot.prompt:${A.companyId}:${r.messageId}`],
    )) as [{ n: number }];
    expect(n).toBe(1);
    // Claimed once and done: the failure is no error the outbox would retry.
    expect(await promptRow(A.companyId, r.messageId!)).toMatchObject({ attempts: 1 });
    expect((await promptRow(A.companyId, r.messageId!))?.doneAt).not.toBeNull();

    // Slower than OPENAI_CHAT_TIMEOUT_MS (1 s here).
    fake.chat = { text: 'tarde demais', delayMs: 1_500, failStatus: null };
    const slow = await receive(A.companyId, A.wa, event(from, 'Alguém aí?'));
    await until(async () => (await logsOf(r.ticketId!)).some((l) => l.type === 'promptTimeout'));
    expect(slow.ticketId).toBe(r.ticketId);
    await sleep(700);
    expect(sentTo(r.ticketId!)).toEqual([]);
    expect(await ticketOf(r.ticketId!)).toMatchObject({ status: 'pending', userId: null });
    expect((await promptRow(A.companyId, slow.messageId!))?.attempts).toBe(1);
  });

  it('does not run when the plan lacks useOpenAi', async () => {
    fake.chat = { text: 'não deveria', delayMs: 0, failStatus: null };
    const before = fake.chatRequests.length;
    await withoutPlanFlag(t.databaseUrl, A.companyId, 'useOpenAi', async () => {
      const r = await receive(A.companyId, A.wa, event(number(), 'Olá'));
      expect(await promptRow(A.companyId, r.messageId!)).toBeNull();
      await sleep(300);
      expect(fake.chatRequests.length).toBe(before);
      expect(sentTo(r.ticketId!)).toEqual([]);
    });
  });

  it('uses each company’s own prompt and key, never another company’s', async () => {
    fake.chat = { text: 'Resposta', delayMs: 0, failStatus: null };
    const before = fake.chatRequests.length;
    const b = await receive(B.companyId, B.wa, event(number(), 'Oi B'));
    await until(() => sentTo(b.ticketId!).length === 1);
    const a = await receive(A.companyId, A.wa, event(number(), 'Oi A'));
    await until(() => sentTo(a.ticketId!).length === 1);
    const calls = fake.chatRequests.slice(before);
    expect(calls.map((c) => [c.authorization, c.body.messages?.[0]?.content])).toEqual([
      [`Bearer ${KEY_B}`, SYSTEM_B],
      [`Bearer ${KEY_A}`, SYSTEM_A],
    ]);
    expect(JSON.stringify(calls[1]!.body)).not.toContain('Oi B');

    // A's connection naming B's prompt: the prompt is not A's, nothing is called.
    const foreign = await receive(A.companyId, A.waForeign, event(number(), 'Oi estranho'));
    await settled(A.companyId, foreign.messageId!);
    expect(fake.chatRequests.length).toBe(before + 2);
    expect(sentTo(foreign.ticketId!)).toEqual([]);
  });
});
