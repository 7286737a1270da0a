import type { InboundStep } from '../inbound-turn.js';
import { botSettings, isOn, queueEnteredNow } from './step-support.js';

/**
 * Queue position (docs/product/inbound.md#queue-menu-and-option-trees): with sendQueuePosition on, a ticket that entered a queue in
 * this turn and waits unassigned gets sendQueuePositionMessage followed by the number of
 * unassigned waiting tickets of that queue on that connection (itself included, at least 1).
 */
export const queuePosition: InboundStep = {
  name: 'queue-position',
  // Acts only on a queue entered earlier in this turn.
  quiet: () => true,
  async run(turn) {
    const entered = queueEnteredNow(turn);
    const t = turn.ticket;
    if (!entered || t.queueId !== entered.queueId || t.status !== 'pending' || t.userId)
      return 'next';
    const settings = await botSettings(turn);
    if (!isOn(settings.sendQueuePosition)) return 'next';
    const [row] = await turn.tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tickets
        WHERE "companyId" = $1 AND "queueId" = $2 AND "whatsappId" = $3
          AND status = 'pending' AND "userId" IS NULL AND "isGroup" = false`,
      [turn.tx.companyId, entered.queueId, turn.connection.id],
    );
    const position = Math.max(1, row?.n ?? 0);
    const lead = settings.sendQueuePositionMessage.trim();
    await turn.say(lead ? `${lead} *${position}*` : `*${position}*`);
    return 'next';
  },
};
