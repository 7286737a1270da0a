import { enqueueOutbox } from '../../../events/outbox.js';
import { planHasFeature } from '../../campaigns/plan-feature.js';
import type { InboundStep, InboundTurn, TurnFacts } from '../inbound-turn.js';
import { botSettings, isOn, loadQueue, queueEnteredNow } from './step-support.js';

/**
 * Chatbot integrations (Typebot, n8n, webhook, Dialogflow; docs/product/inbound.md#pipeline-steps, B). As for the AI
 * prompt, only the decision is taken here, inside the inbound transaction: the call to the
 * provider runs after commit, off the company's inbound batch (the `bot.integration` outbox
 * topic, queue-integrations/run-integration.ts), keyed by the message so that one message is
 * answered at most once, however often the channel redelivers it.
 *
 * A ticket is the integration's while `useIntegration` is set and `integrationId` names it;
 * the bot lets it go by clearing `useIntegration` (keeping `integrationId`, so that the
 * connection's integration does not take it again); an attendant who accepts it ends it.
 */

/** A person's message on a one-to-one ticket nobody took, from a contact the bot may talk to. */
function botsToAnswer(t: Pick<TurnFacts, 'ticket' | 'contact' | 'message'>): boolean {
  return (
    t.ticket.status === 'pending' &&
    !t.ticket.userId &&
    !t.contact.disableBot &&
    !t.ticket.isGroup &&
    !t.message.fromMe
  );
}

async function enqueueTurn(turn: InboundTurn, integrationId: number, handedOver: boolean) {
  const companyId = turn.tx.companyId;
  await enqueueOutbox(
    turn.tx,
    'bot.integration',
    { companyId, ticketId: turn.ticket.id, messageId: turn.messageId, integrationId, handedOver },
    { dedupKey: `bot.integration:${companyId}:${turn.messageId}` },
  );
}

/**
 * Hands the ticket to an integration (the connection's, a queue's or a chatbot option's) when
 * the plan includes integrations: it holds the ticket from now on, with a new session, and
 * starts on this message. False (nothing changed) without the plan flag.
 */
export async function handToIntegration(
  turn: InboundTurn,
  integrationId: number,
  o: { handedOver: boolean },
): Promise<boolean> {
  if (!(await planHasFeature(turn.ctx, turn.tx.companyId, 'useIntegrations'))) return false;
  await turn.update({
    useIntegration: true,
    integrationId,
    typebotSessionId: null,
    typebotStatus: false,
    botState: null,
    chatbot: false,
    queueOptionId: null,
  });
  await enqueueTurn(turn, integrationId, o.handedOver);
  return true;
}

/** 1st bot handler: the integration that holds the ticket answers every message. */
export const ticketIntegration: InboundStep = {
  name: 'ticket-integration',
  quiet: (f) => !(botsToAnswer(f) && f.ticket.useIntegration && f.ticket.integrationId),
  async run(turn) {
    const id = turn.ticket.integrationId;
    if (!botsToAnswer(turn) || !turn.ticket.useIntegration || !id) return 'next';
    // Without the plan flag the ticket simply waits for a human (the bots stay off it).
    if (await planHasFeature(turn.ctx, turn.tx.companyId, 'useIntegrations'))
      await enqueueTurn(turn, id, false);
    return 'stop';
  },
};

/** A ticket without a queue the connection's integration may take (once: see above). */
const connectionTakes = (f: Pick<TurnFacts, 'ticket' | 'contact' | 'message' | 'connection'>) =>
  botsToAnswer(f) &&
  !f.ticket.useIntegration &&
  !f.ticket.integrationId &&
  !f.ticket.queueId &&
  !!f.connection.integrationId;

/** 3rd bot handler (after the connection's prompt): the connection's integration takes it. */
export const connectionIntegration: InboundStep = {
  name: 'connection-integration',
  quiet: (f) => !connectionTakes(f),
  async run(turn) {
    if (!connectionTakes(turn)) return 'next';
    const taken = await handToIntegration(turn, turn.connection.integrationId!, {
      handedOver: false,
    });
    return taken ? 'stop' : 'next';
  },
};

/**
 * A queue with an integration entered in this turn (the menu's pick, the only queue; after its
 * schedule check and its prompt): its greeting (when the menu would send it), then the
 * integration takes the ticket instead of the queue's options.
 */
export const queueIntegration: InboundStep = {
  // A quiet turn enters no queue.
  name: 'queue-integration',
  quiet: () => true,
  async run(turn) {
    const entered = queueEnteredNow(turn);
    if (!entered || !botsToAnswer(turn) || turn.ticket.useIntegration) return 'next';
    if (turn.ticket.queueId !== entered.queueId) return 'next';
    const queue = await loadQueue(turn, entered.queueId);
    if (!queue?.integrationId) return 'next';
    if (!(await planHasFeature(turn.ctx, turn.tx.companyId, 'useIntegrations'))) return 'next';
    const greet = !entered.only || isOn((await botSettings(turn)).sendGreetingMessageOneQueues);
    if (greet && queue.greetingMessage?.trim()) await turn.say(queue.greetingMessage);
    await handToIntegration(turn, queue.integrationId, { handedOver: entered.only === false });
    return 'stop';
  },
};
