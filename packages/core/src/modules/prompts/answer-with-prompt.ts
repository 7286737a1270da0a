import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { TicketEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import { planHasFeature } from '../campaigns/plan-feature.js';
import { storeOutboundMessage } from '../messages/post-message.js';
import { afterChange, placeOf, type Change } from '../tickets/ticket-change.js';
import { logTicket, track } from '../tickets/ticket-history.js';
import { storeInboundMedia } from '../uploads/store-inbound-media.js';
import { transcribeStoredAudio } from '../transcription/transcribe-stored-audio.js';
import { synthesizeSpeech } from './speech-client.js';
import { requestChatCompletion, type ChatTurn } from './prompt-chat-client.js';

/** The lineage's hand-off: a reply containing it moves the ticket to the prompt's queue. */
export const PROMPT_TRANSFER_MARKER = 'Ação: Transferir para o setor de atendimento';

/** The customer message kinds a prompt answers (a voice note is read through transcription). */
export const PROMPT_MESSAGE_KINDS: readonly string[] = ['chat', 'audio'];

/** The outbox payload of `bot.prompt`, checked when it is read back. */
export const promptJobSchema = z.object({
  companyId: z.number().int().positive(),
  ticketId: z.number().int().positive(),
  messageId: z.number().int().positive(),
  promptId: z.number().int().positive(),
});
export type PromptJob = z.infer<typeof promptJobSchema>;

interface PromptRow {
  prompt: string;
  voice: string;
  voiceKey: string | null;
  voiceRegion: string | null;
  apiKey: string;
  model: string | null;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  queueId: number | null;
}

/** The ticket is still the bot's: waiting, nobody took it, no integration holds it. */
const stillBots = (t: { status: string; userId: number | null; useIntegration: boolean }) =>
  t.status === 'pending' && !t.userId && !t.useIntegration;

/**
 * The AI prompt's answer to one customer message (the `bot.prompt` outbox topic, enqueued by
 * the inbound step ai-prompt.ts in the message's own transaction). Runs outside any inbound
 * transaction, detached from the outbox round (outbox.ts): the provider call may take up to
 * OPENAI_CHAT_TIMEOUT_MS. Each job runs at most once, so it never answers twice.
 *
 * The prompt text is the system message, the ticket's last `maxMessages` messages up to this
 * one (oldest first, private notes and deleted ones left out) the conversation. A reply is
 * sent through the ticket's channel as the bot (fromMe, no user), unless an attendant took
 * the ticket meanwhile: then it is dropped. A reply with PROMPT_TRANSFER_MARKER moves the
 * ticket to the prompt's queue, waiting for a human (`promptTransfer` log); what it says
 * besides the marker is sent, the marker never. A provider failure (timeout, non-2xx,
 * unusable body) sends nothing and logs `promptTimeout` / `promptFailed`: the ticket keeps
 * waiting for a human. Never throws for a provider failure.
 *
 * A customer's voice note is read first (the company's transcription service; unreadable: a
 * human takes it). A prompt with a voice (`voice` other than `texto`) speaks its reply with that
 * Azure neural voice, sent as a voice note with the text kept as its body; text when synthesis
 * fails.
 */
export async function answerWithPrompt(ctx: AppContext, payload: unknown): Promise<void> {
  const job = promptJobSchema.parse(payload);
  const db = tenantData(ctx.ds, job.companyId);
  if (!(await planHasFeature(ctx, job.companyId, 'useOpenAi'))) return;

  const [facts] = await db.query<{
    status: string;
    userId: number | null;
    useIntegration: boolean;
    superseded: boolean;
  }>(
    `SELECT t.status, t."userId", t."useIntegration",
            EXISTS (SELECT 1 FROM messages m
                     WHERE m."companyId" = $1 AND m."ticketId" = t.id AND m.id > $3
                       AND NOT m."fromMe" AND NOT m."isPrivate" AND m."mediaType" = ANY($4::text[]))
              AS superseded
       FROM tickets t WHERE t."companyId" = $1 AND t.id = $2`,
    [job.companyId, job.ticketId, job.messageId, PROMPT_MESSAGE_KINDS],
  );
  // A later customer message has its own job, which answers with this one in its history.
  if (!facts || !stillBots(facts) || facts.superseded) return;
  const [prompt] = await db.query<PromptRow>(
    `SELECT prompt, "apiKey", model, "maxTokens", temperature, "maxMessages", "queueId",
            voice, "voiceKey", "voiceRegion"
       FROM prompts WHERE "companyId" = $1 AND id = $2`,
    [job.companyId, job.promptId],
  );
  if (!prompt) return;

  const history = await db.query<{
    id: number;
    fromMe: boolean;
    body: string | null;
    mediaType: string;
    mediaUrl: string | null;
  }>(
    `SELECT id, "fromMe", body, "mediaType", "mediaUrl" FROM messages
      WHERE "companyId" = $1 AND "ticketId" = $2 AND id <= $3
        AND NOT "isPrivate" AND NOT "isDeleted"
      ORDER BY id DESC LIMIT $4`,
    [job.companyId, job.ticketId, job.messageId, Math.max(1, prompt.maxMessages)],
  );
  // The customer's voice note is answered as what it says (the company's transcription
  // service); one the service cannot read is left for a human, never answered blind.
  const asked = history.find((m) => m.id === job.messageId);
  let heard: string | null = null;
  if (asked?.mediaType === 'audio' && asked.mediaUrl) {
    const t = await transcribeStoredAudio(ctx, job.companyId, asked.mediaUrl);
    if (!t.ok) {
      await db.transaction(async (tx) => {
        const [row] = await tx.query<{ queueId: number | null }>(
          `SELECT "queueId" FROM tickets WHERE "companyId" = $1 AND id = $2`,
          [job.companyId, job.ticketId],
        );
        await logTicket(tx, {
          ticketId: job.ticketId,
          type: 'promptFailed',
          queueId: row?.queueId ?? null,
        });
      });
      return;
    }
    heard = t.text;
  }
  const messages: ChatTurn[] = [{ role: 'system', content: prompt.prompt }];
  for (const m of history.reverse()) {
    const content =
      (m.id === asked?.id && heard) ||
      m.body?.trim() ||
      (m.mediaType === 'chat' ? '' : `[${m.mediaType}]`);
    if (content) messages.push({ role: m.fromMe ? 'assistant' : 'user', content });
  }

  const result = await requestChatCompletion(ctx, {
    apiKey: prompt.apiKey,
    model: prompt.model || ctx.config.OPENAI_DEFAULT_MODEL,
    maxTokens: prompt.maxTokens,
    temperature: prompt.temperature,
    messages,
  });

  const transfer = result.ok && result.text.includes(PROMPT_TRANSFER_MARKER);
  const text = !result.ok
    ? ''
    : transfer
      ? result.text.split(PROMPT_TRANSFER_MARKER).join('').trim()
      : result.text;
  // A prompt with a voice speaks its reply (a voice note); text when synthesis fails. The file
  // is written before the transaction, as inbound media is: at worst an orphan file.
  let spoken: string | null = null;
  if (text && prompt.voice && prompt.voice !== 'texto' && prompt.voiceKey && prompt.voiceRegion) {
    const audio = await synthesizeSpeech(ctx, {
      text,
      voice: prompt.voice,
      key: prompt.voiceKey,
      region: prompt.voiceRegion,
    });
    if (audio) spoken = await storeInboundMedia(ctx, job.companyId, audio);
  }

  const change: Change = { ticketId: job.ticketId, moved: [], stored: [] };
  await db.transaction(async (tx) => {
    const ticket = await tx.of(TicketEntity).findOne({
      where: { id: job.ticketId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!ticket) return;
    if (!result.ok) {
      await logTicket(tx, {
        ticketId: ticket.id,
        type: result.reason === 'timeout' ? 'promptTimeout' : 'promptFailed',
        queueId: ticket.queueId,
      });
      return;
    }
    // An attendant accepted (or an integration took) the ticket while the model thought.
    if (!stillBots(ticket)) return;
    if (text) {
      // A voice note keeps what it says as its text: the next turn's history reads it.
      const stored = await storeOutboundMessage(
        tx,
        ticket,
        spoken ? { body: text, mediaType: 'audio', mediaUrl: spoken } : { body: text },
      );
      change.stored.push({ ...stored, ticketId: ticket.id });
    }
    if (transfer) {
      const before = placeOf(ticket);
      const patch = { queueId: prompt.queueId ?? ticket.queueId, promptId: null, chatbot: false };
      await tx.of(TicketEntity).update({ id: ticket.id }, { ...patch, updatedAt: new Date() });
      Object.assign(ticket, patch);
      await logTicket(tx, { ticketId: ticket.id, type: 'promptTransfer', queueId: ticket.queueId });
      if (ticket.queueId !== before.queueId)
        await track(tx, ticket.id, { queueId: ticket.queueId });
      change.moved.push({ ticketId: ticket.id, before });
    }
  });
  await afterChange(ctx, job.companyId, change);
}
