import { ContactEntity } from '../../../db/entities/index.js';
import type { InboundStep, InboundTurn } from '../inbound-turn.js';
import {
  botMaySpeak,
  botSettings,
  consumeText,
  countBotUse,
  sayGoodbyeAndClose,
} from './step-support.js';

/** The consent question's answers (docs/product/inbound.md#pipeline-steps). */
export const LGPD_CHOICES = '[1] Sim [2] Não';

/** The consent request: the message and link (the connection's, else the company's), then the choices. */
async function askConsent(turn: InboundTurn): Promise<void> {
  const settings = await botSettings(turn);
  const message = turn.connection.lgpdMessage?.trim() || settings.lgpdMessage.trim();
  const link = turn.connection.lgpdLink?.trim() || settings.lgpdLink.trim();
  if (message) await turn.say(message);
  if (link) await turn.say(link);
  await turn.say(LGPD_CHOICES);
}

/**
 * Data-privacy consent (docs/product/inbound.md#pipeline-steps) while the ticket is in `lgpd`: the first message gets
 * the consent request; "1" stores the acceptance on contact and ticket, the ticket waits in
 * pending and the pipeline continues (the queue menu comes next); "2" gets the completion
 * message and closes; anything else asks again, counted against maxUseBotQueues.
 */
export const lgpdConsent: InboundStep = {
  name: 'lgpd-consent',
  quiet: (f) => f.ticket.status !== 'lgpd',
  async run(turn) {
    if (turn.ticket.status !== 'lgpd') return 'next';
    if (turn.isNewTicket) {
      await askConsent(turn);
      return 'stop';
    }
    const answer = turn.text;
    consumeText(turn);
    if (answer === '1') {
      const now = turn.now;
      await turn.tx.of(ContactEntity).update({ id: turn.contact.id }, { lgpdAcceptedAt: now });
      turn.contact.lgpdAcceptedAt = now;
      await turn.update(
        { lgpdAccepted: true, lgpdAcceptedAt: now, status: 'pending', amountUsedBotQueues: 0 },
        'lgpd',
      );
      return 'next';
    }
    if (answer === '2') {
      await sayGoodbyeAndClose(turn);
      return 'stop';
    }
    if (await botMaySpeak(turn)) {
      await askConsent(turn);
      await countBotUse(turn);
    }
    return 'stop';
  },
};
