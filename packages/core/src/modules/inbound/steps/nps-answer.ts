import { UserRatingEntity } from '../../../db/entities/index.js';
import { track } from '../../tickets/ticket-history.js';
import type { InboundStep } from '../inbound-turn.js';
import { consumeText, sayGoodbyeAndClose } from './step-support.js';

/** The rating a text gives: a whole number, clamped to the 0–10 scale; null otherwise. */
export function ratingOf(text: string): number | null {
  if (!/^\d{1,3}$/.test(text)) return null;
  return Math.min(10, Number(text));
}

/**
 * The answer to the rating question (docs/product/tickets.md#closing-and-rating): a number is stored as the ticket's rating
 * (NPS 0–10), then the completion message and the ticket closes. Anything else re-asks the
 * rating question up to maxUseBotQueuesNPS times; after that the ticket closes unrated.
 */
export const npsAnswer: InboundStep = {
  name: 'nps-answer',
  quiet: (f) => f.ticket.status !== 'nps',
  async run(turn) {
    if (turn.ticket.status !== 'nps') return 'next';
    const rate = ratingOf(turn.text);
    consumeText(turn);
    if (rate !== null) {
      const rating = turn.tx.of(UserRatingEntity);
      const existing = await rating.findOne({ where: { ticketId: turn.ticket.id } });
      if (existing) await rating.update({ id: existing.id }, { rate, userId: turn.ticket.userId });
      else await rating.insert({ ticketId: turn.ticket.id, userId: turn.ticket.userId, rate });
      await track(turn.tx, turn.ticket.id, { rated: true });
      await sayGoodbyeAndClose(turn);
      return 'stop';
    }
    const asked = turn.ticket.amountUsedBotQueuesNPS;
    if (asked < turn.connection.maxUseBotQueuesNPS && turn.connection.ratingMessage?.trim()) {
      await turn.say(turn.connection.ratingMessage);
      await turn.update({ amountUsedBotQueuesNPS: asked + 1 });
      return 'stop';
    }
    await sayGoodbyeAndClose(turn);
    return 'stop';
  },
};
