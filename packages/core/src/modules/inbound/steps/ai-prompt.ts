import { enqueueOutbox } from '../../../events/outbox.js';
import { planHasFeature } from '../../campaigns/plan-feature.js';
import { PROMPT_MESSAGE_KINDS } from '../../prompts/answer-with-prompt.js';
import type { InboundStep, InboundTurn, TurnFacts } from '../inbound-turn.js';
import { botMayRun, queueEnteredNow } from './step-support.js';

/**
 * The AI prompt answers (docs/product/inbound.md#pipeline-steps). Only the decision is taken here, inside
 * the inbound transaction: the provider call must not hold the ticket's lock nor the
 * company's inbound batch, so the answer is enqueued in the transactional outbox (`bot.prompt`,
 * written with the message, carried out once it commits; prompts/answer-with-prompt.ts) and
 * the turn stops: the prompt speaks instead of the queue menu and the option tree.
 *
 * The outbox row is keyed by the message (`bot.prompt:{companyId}:{messageId}`, a unique
 * index), and the message itself is deduplicated by its channel id in the same transaction:
 * one message, at most one answer.
 */

/** A message the prompt may answer: the ticket is the bot's, a person wrote, chat or audio. */
function answerable(t: Pick<TurnFacts, 'ticket' | 'contact' | 'message'>): boolean {
  return (
    botMayRun(t) &&
    !t.ticket.isGroup &&
    !t.message.fromMe &&
    PROMPT_MESSAGE_KINDS.includes(t.message.kind)
  );
}

/**
 * Which prompt holds the ticket: the one set on it, else its queue's (unless the prompt
 * already handed this ticket to a human, or an attendant once accepted it: the bot stops for
 * good), else, without a queue, the connection's.
 */
async function promptOf(turn: InboundTurn): Promise<number | null> {
  const t = turn.ticket;
  if (t.promptId) return t.promptId;
  if (!t.queueId) return turn.connection.promptId;
  const [queue] = await turn.tx.query<{ promptId: number | null; handedOff: boolean }>(
    `SELECT q."promptId",
            EXISTS (SELECT 1 FROM logs_tickets l
                     WHERE l."companyId" = $1 AND l."ticketId" = $3
                       AND l.type IN ('promptTransfer', 'open'))
              AS "handedOff"
       FROM queues q WHERE q."companyId" = $1 AND q.id = $2`,
    [turn.tx.companyId, t.queueId, t.id],
  );
  return queue && !queue.handedOff ? queue.promptId : null;
}

/** Enqueues the answer when the plan includes OpenAI; true when it did. */
async function enqueueAnswer(turn: InboundTurn, promptId: number): Promise<boolean> {
  const companyId = turn.tx.companyId;
  if (!(await planHasFeature(turn.ctx, companyId, 'useOpenAi'))) return false;
  await enqueueOutbox(
    turn.tx,
    'bot.prompt',
    { companyId, ticketId: turn.ticket.id, messageId: turn.messageId, promptId },
    { dedupKey: `bot.prompt:${companyId}:${turn.messageId}` },
  );
  return true;
}

/**
 * The prompt of the ticket, or of the connection (after out-of-hours, before the queue
 * menu): a ticket without a queue on a connection with a prompt, one in a queue with a
 * prompt, or one a prompt was set on.
 */
export const aiPrompt: InboundStep = {
  name: 'ai-prompt',
  quiet: (f) =>
    !answerable(f) ||
    (!f.ticket.promptId && (f.ticket.queueId ? !f.queuePromptId : !f.connection.promptId)),
  async run(turn) {
    if (!answerable(turn)) return 'next';
    const promptId = await promptOf(turn);
    if (!promptId) return 'next';
    return (await enqueueAnswer(turn, promptId)) ? 'stop' : 'next';
  },
};

/**
 * A queue with a prompt entered in this turn (the menu's pick, the only queue): its prompt
 * answers instead of the queue's greeting and options (after the queue's schedule check).
 */
export const queuePrompt: InboundStep = {
  // A quiet turn enters no queue.
  name: 'queue-prompt',
  quiet: () => true,
  async run(turn) {
    const entered = queueEnteredNow(turn);
    if (!entered || !answerable(turn) || turn.ticket.queueId !== entered.queueId) return 'next';
    const promptId = await promptOf(turn);
    if (!promptId) return 'next';
    return (await enqueueAnswer(turn, promptId)) ? 'stop' : 'next';
  },
};
