import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import {
  TicketEntity,
  type QueueIntegration,
  type Ticket,
  type TicketBotState,
} from '../../db/entities/index.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import { planHasFeature } from '../campaigns/plan-feature.js';
import { storeInboundMedia } from '../uploads/store-inbound-media.js';
import { storeOutboundMessage } from '../messages/post-message.js';
import { afterChange, placeOf, type Change } from '../tickets/ticket-change.js';
import { logTicket, type TicketLogType } from '../tickets/ticket-history.js';
import { downloadBotMedia, type BotReply, type ProviderError } from './bot-reply.js';
import { detectIntent } from './dialogflow-client.js';
import { choicesText, continueTypebotChat, startTypebotChat } from './typebot-client.js';
import { postToWebhook } from './webhook-client.js';

/** The outbox payload of `bot.integration`, checked when it is read back. */
export const integrationJobSchema = z.object({
  companyId: z.number().int().positive(),
  ticketId: z.number().int().positive(),
  messageId: z.number().int().positive(),
  integrationId: z.number().int().positive(),
  handedOver: z.boolean().default(false),
});
export type IntegrationJob = z.infer<typeof integrationJobSchema>;

/** The integration row the runner reads (secrets included: never logged nor answered). */
type IntegrationRow = Pick<
  QueueIntegration,
  | 'type'
  | 'projectName'
  | 'jsonContent'
  | 'language'
  | 'urlN8N'
  | 'typebotSlug'
  | 'typebotExpires'
  | 'typebotDelayMessage'
  | 'typebotKeywordFinish'
  | 'typebotKeywordRestart'
  | 'typebotUnknownMessage'
  | 'typebotRestartMessage'
>;

/** What the runner knows of the turn, read in one statement. */
interface TurnRow {
  status: string;
  userId: number | null;
  useIntegration: boolean;
  integrationId: number | null;
  typebotSessionId: string | null;
  botState: TicketBotState | null;
  uuid: string;
  queueId: number | null;
  contactId: number;
  contactName: string;
  contactNumber: string | null;
  connectionId: number | null;
  connectionName: string | null;
  connectionChannel: string | null;
  connectionToken: string | null;
  body: string | null;
  mediaType: string;
  mediaUrl: string | null;
  wid: string | null;
  createdAt: Date;
  /** When the ticket's message before this one was written (Typebot's session expiry). */
  previousAt: Date | null;
}

/** What a provider's turn decided. */
type Outcome =
  | {
      ok: true;
      replies: BotReply[];
      /** The bot lets the ticket go: it waits for a human from now on. */
      finished: boolean;
      /** The Typebot session to keep (undefined: unchanged). */
      session?: { id: string | null; state: TicketBotState | null };
      /** Milliseconds between two of the replies. */
      delayMs: number;
    }
  | ProviderError;

/** The ticket is still the integration's: waiting, nobody took it, this bot holds it. */
const holds = (
  t: Pick<Ticket, 'status' | 'userId' | 'useIntegration' | 'integrationId'>,
  integrationId: number,
) => t.status === 'pending' && !t.userId && t.useIntegration && t.integrationId === integrationId;

/** The greeting a bot gets when a menu hands it the ticket (the menu's pick is no answer). */
const HELLO: Record<string, string> = { 'pt-BR': 'Olá', en: 'Hello', es: 'Hola' };

// A ticket's turns run one after the other in this process, in the order they were claimed:
// a Typebot session answers its inputs in order, and replies never interleave.
const ticketChains = new Map<string, Promise<void>>();

/**
 * A chatbot integration's turn on one customer message (the `bot.integration` outbox topic,
 * enqueued by the inbound steps integration.ts and option-tree.ts in the message's own
 * transaction; at most once per message, by its dedup key). Runs detached from the outbox
 * round, at most BOT_INTEGRATION_CONCURRENCY at a time per process: a slow provider holds
 * neither the company's inbound batch nor another conversation.
 *
 * The provider is called outside any transaction, bounded by INTEGRATION_TIMEOUT_MS; its
 * replies are then stored and sent one at a time as the bot (fromMe, no user), the
 * integration's `typebotDelayMessage` apart for Typebot, each only while the ticket is still
 * the bot's (an attendant who accepts it stops the bot at once). A failure sends nothing and
 * logs `integrationTimeout` / `integrationFailed`: the ticket keeps waiting, visible to the
 * attendants, and the bot tries again on the customer's next message. A bot that lets the
 * ticket go (Typebot's flow ended or its finish keyword, Dialogflow's end of conversation, a
 * webhook's `handoff`) clears `useIntegration` and logs `integrationFinished`; the ticket keeps
 * `integrationId`, so the connection's integration does not take it again. Never throws for a
 * provider failure.
 */
export async function runIntegration(ctx: AppContext, payload: unknown): Promise<void> {
  const job = integrationJobSchema.parse(payload);
  const key = `${job.companyId}:${job.ticketId}`;
  const before = ticketChains.get(key) ?? Promise.resolve();
  const mine = before.then(() => runTurn(ctx, job));
  const settled = mine.catch(() => {});
  ticketChains.set(key, settled);
  void settled.then(() => {
    if (ticketChains.get(key) === settled) ticketChains.delete(key);
  });
  return mine;
}

async function runTurn(ctx: AppContext, job: IntegrationJob): Promise<void> {
  const db = tenantData(ctx.ds, job.companyId);
  if (!(await planHasFeature(ctx, job.companyId, 'useIntegrations'))) return;
  const [turn] = await db.query<TurnRow>(
    `SELECT t.status, t."userId", t."useIntegration", t."integrationId", t."typebotSessionId",
            t."botState", t.uuid, t."queueId", t."contactId",
            c.name AS "contactName", c.number AS "contactNumber",
            w.id AS "connectionId", w.name AS "connectionName", w.channel AS "connectionChannel",
            w.token AS "connectionToken",
            m.body, m."mediaType", m."mediaUrl", m.wid, m."createdAt",
            (SELECT p."createdAt" FROM messages p
              WHERE p."companyId" = $1 AND p."ticketId" = t.id AND p.id < m.id AND NOT p."isPrivate"
              ORDER BY p.id DESC LIMIT 1) AS "previousAt"
       FROM tickets t
       JOIN contacts c ON c."companyId" = $1 AND c.id = t."contactId"
       JOIN messages m ON m."companyId" = $1 AND m.id = $3 AND m."ticketId" = t.id
       LEFT JOIN whatsapps w ON w."companyId" = $1 AND w.id = t."whatsappId"
      WHERE t."companyId" = $1 AND t.id = $2`,
    [job.companyId, job.ticketId, job.messageId],
  );
  if (!turn || !holds(turn, job.integrationId)) return;
  const [integration] = await db.query<IntegrationRow>(
    `SELECT type, "projectName", "jsonContent", language, "urlN8N", "typebotSlug",
            "typebotExpires", "typebotDelayMessage", "typebotKeywordFinish",
            "typebotKeywordRestart", "typebotUnknownMessage", "typebotRestartMessage"
       FROM queue_integrations WHERE "companyId" = $1 AND id = $2`,
    [job.companyId, job.integrationId],
  );
  if (!integration) return;

  const outcome = await providerTurn(ctx, job, turn, integration);
  if (!outcome.ok) {
    await note(db, job, outcome.reason === 'timeout' ? 'integrationTimeout' : 'integrationFailed');
    return;
  }
  if (outcome.session) {
    const session = outcome.session;
    const kept = await withHeldTicket(ctx, db, job, async (tx, ticket) => {
      await tx.of(TicketEntity).update(
        { id: ticket.id },
        {
          typebotSessionId: session.id,
          typebotStatus: session.id !== null,
          botState: session.state,
        },
      );
    });
    if (!kept) return;
  }
  for (const [i, reply] of outcome.replies.entries()) {
    if (i > 0 && outcome.delayMs > 0) await sleep(outcome.delayMs);
    const stored = await storedReply(ctx, job.companyId, reply);
    const sent = await withHeldTicket(ctx, db, job, async (tx, ticket, change) => {
      const s = await storeOutboundMessage(tx, ticket, stored);
      change.stored.push({ ...s, ticketId: ticket.id });
    });
    // An attendant took the ticket meanwhile: the rest is theirs to say.
    if (!sent) return;
  }
  if (outcome.finished)
    await withHeldTicket(ctx, db, job, async (tx, ticket, change) => {
      const before = placeOf(ticket);
      await tx.of(TicketEntity).update(
        { id: ticket.id },
        {
          useIntegration: false,
          typebotSessionId: null,
          typebotStatus: false,
          botState: null,
          updatedAt: new Date(),
        },
      );
      await logTicket(tx, {
        ticketId: ticket.id,
        type: 'integrationFinished',
        queueId: ticket.queueId,
      });
      change.moved.push({ ticketId: ticket.id, before });
    });
}

/**
 * Runs `fn` in a transaction on the locked ticket if the integration still holds it, then
 * tells the lists and sends what it stored; false when the ticket is no longer the bot's.
 */
async function withHeldTicket(
  ctx: AppContext,
  db: TenantData,
  job: IntegrationJob,
  fn: (tx: TenantData, ticket: Ticket, change: Change) => Promise<void>,
): Promise<boolean> {
  const change: Change = { ticketId: job.ticketId, moved: [], stored: [] };
  const held = await db.transaction(async (tx) => {
    const ticket = await tx.of(TicketEntity).findOne({
      where: { id: job.ticketId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!ticket || !holds(ticket, job.integrationId)) return false;
    await fn(tx, ticket, change);
    return true;
  });
  if (held) await afterChange(ctx, job.companyId, change);
  return held;
}

/** A failure in the ticket's history (the attendants see why the bot said nothing). */
async function note(db: TenantData, job: IntegrationJob, type: TicketLogType): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ queueId: number | null }>(
      `SELECT "queueId" FROM tickets WHERE "companyId" = $1 AND id = $2`,
      [job.companyId, job.ticketId],
    );
    if (row) await logTicket(tx, { ticketId: job.ticketId, type, queueId: row.queueId });
  });
}

/** A reply as a message to store: a file is downloaded and kept; one that cannot be, its link. */
async function storedReply(
  ctx: AppContext,
  companyId: number,
  reply: BotReply,
): Promise<{ body: string; mediaType?: string; mediaUrl?: string }> {
  if (reply.kind === 'text') return { body: reply.text };
  const data = await downloadBotMedia(ctx, reply.url);
  if (!data) return { body: [reply.caption, reply.url].filter(Boolean).join('\n') };
  const mediaUrl = await storeInboundMedia(ctx, companyId, data);
  return { body: reply.caption ?? '', mediaType: reply.mediaType, mediaUrl };
}

function providerTurn(
  ctx: AppContext,
  job: IntegrationJob,
  turn: TurnRow,
  integration: IntegrationRow,
): Promise<Outcome> {
  switch (integration.type) {
    case 'typebot':
      return typebotTurn(ctx, job, turn, integration);
    case 'n8n':
    case 'webhook':
      return webhookTurn(ctx, job, turn, integration);
    case 'dialogflow':
      return dialogflowTurn(ctx, job, turn, integration);
    default:
      return Promise.resolve({ ok: false, reason: 'invalid' });
  }
}

const sameWord = (a: string, b: string | null) =>
  !!b?.trim() && a.toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * Typebot: a session per ticket (`typebotSessionId`), started with the contact's name and
 * number as variables, continued with each message; restarted by the restart keyword (after
 * `typebotRestartMessage`), after `typebotExpires` minutes without a message (0: never), when a
 * menu hands the ticket over, or when Typebot no longer knows the session. The finish keyword
 * lets the ticket go. A choice question is numbered; the customer's number answers with that
 * choice's label. What Typebot cannot read (a file without text, a number outside the choices)
 * gets `typebotUnknownMessage`.
 */
async function typebotTurn(
  ctx: AppContext,
  job: IntegrationJob,
  turn: TurnRow,
  it: IntegrationRow,
): Promise<Outcome> {
  const delayMs = Math.max(0, it.typebotDelayMessage);
  const url = it.urlN8N ?? '';
  const text = (turn.body ?? '').trim();
  if (!url || !it.typebotSlug) return { ok: false, reason: 'invalid' };
  if (!job.handedOver && sameWord(text, it.typebotKeywordFinish))
    return { ok: true, replies: [], finished: true, delayMs };
  const restart = !job.handedOver && sameWord(text, it.typebotKeywordRestart);
  const expired =
    !!turn.typebotSessionId &&
    it.typebotExpires > 0 &&
    !!turn.previousAt &&
    new Date(turn.createdAt).getTime() - new Date(turn.previousAt).getTime() >
      it.typebotExpires * 60_000;

  const start = async (first: BotReply[]): Promise<Outcome> => {
    const r = await startTypebotChat(ctx, {
      url,
      slug: it.typebotSlug!,
      variables: {
        number: turn.contactNumber ?? '',
        pushName: turn.contactName,
        name: turn.contactName,
        ticketId: String(job.ticketId),
      },
    });
    if (!r.ok) return r;
    return {
      ok: true,
      replies: [...first, ...r.replies],
      finished: r.ended,
      session: { id: r.ended ? null : r.sessionId, state: { choices: r.choices } },
      delayMs,
    };
  };
  if (restart)
    return start(
      it.typebotRestartMessage?.trim() ? [{ kind: 'text', text: it.typebotRestartMessage }] : [],
    );
  if (!turn.typebotSessionId || expired || job.handedOver) return start([]);

  const choices = turn.botState?.choices ?? [];
  const unknown = (): Outcome => ({
    ok: true,
    replies: [
      ...(it.typebotUnknownMessage?.trim()
        ? [{ kind: 'text' as const, text: it.typebotUnknownMessage }]
        : []),
      ...(choices.length ? [{ kind: 'text' as const, text: choicesText(choices) }] : []),
    ],
    finished: false,
    delayMs,
  });
  if (!text) return unknown();
  let answer = text;
  if (choices.length && /^\d+$/.test(text)) {
    const picked = choices[Number(text) - 1];
    if (!picked) return unknown();
    answer = picked;
  }
  const r = await continueTypebotChat(ctx, { url, sessionId: turn.typebotSessionId, text: answer });
  // Typebot forgets finished and old sessions: the conversation starts again.
  if (!r.ok && r.reason === 'status' && (r.status === 404 || r.status === 400)) return start([]);
  if (!r.ok) return r;
  return {
    ok: true,
    replies: r.replies,
    finished: r.ended,
    session: { id: r.ended ? null : r.sessionId, state: { choices: r.choices } },
    delayMs,
  };
}

/** n8n and webhook: the message POSTed, signed; the answer's messages sent, `handoff` honoured. */
async function webhookTurn(
  ctx: AppContext,
  job: IntegrationJob,
  turn: TurnRow,
  it: IntegrationRow,
): Promise<Outcome> {
  if (!it.urlN8N) return { ok: false, reason: 'invalid' };
  const r = await postToWebhook(ctx, {
    url: it.urlN8N,
    secret: turn.connectionToken,
    idempotencyKey: `bot.integration:${job.companyId}:${job.messageId}`,
    event: {
      version: 1,
      event: job.handedOver ? 'start' : 'message',
      companyId: job.companyId,
      connection: {
        id: turn.connectionId ?? 0,
        name: turn.connectionName ?? '',
        channel: turn.connectionChannel ?? '',
      },
      ticket: { id: job.ticketId, uuid: turn.uuid, status: turn.status, queueId: turn.queueId },
      contact: { id: turn.contactId, name: turn.contactName, number: turn.contactNumber ?? '' },
      message: {
        id: job.messageId,
        wid: turn.wid,
        body: turn.body ?? '',
        mediaType: turn.mediaType,
        mediaUrl: turn.mediaUrl,
        createdAt: new Date(turn.createdAt).toISOString(),
      },
    },
  });
  if (!r.ok) return r;
  return { ok: true, replies: r.replies, finished: r.handoff, delayMs: 0 };
}

/**
 * Dialogflow ES: a detect-intent call per customer text, in a session per ticket; the
 * fulfilment texts are sent; an intent that ends the conversation lets the ticket go. A menu
 * hand-over opens with the language's greeting; a message without text is not sent.
 */
async function dialogflowTurn(
  ctx: AppContext,
  job: IntegrationJob,
  turn: TurnRow,
  it: IntegrationRow,
): Promise<Outcome> {
  if (!it.jsonContent || !it.projectName) return { ok: false, reason: 'credentials' };
  const language = it.language || 'pt-BR';
  const text = job.handedOver ? (HELLO[language] ?? HELLO['pt-BR']!) : (turn.body ?? '').trim();
  if (!text) return { ok: true, replies: [], finished: false, delayMs: 0 };
  const r = await detectIntent(ctx, {
    jsonContent: it.jsonContent,
    projectName: it.projectName,
    language,
    sessionId: `atendo-${job.companyId}-${job.ticketId}`,
    text,
  });
  if (!r.ok) return { ok: false, reason: r.reason, ...(r.status ? { status: r.status } : {}) };
  return {
    ok: true,
    replies: r.texts.filter((t) => t.trim()).map((t) => ({ kind: 'text' as const, text: t })),
    finished: r.endConversation,
    delayMs: 0,
  };
}
