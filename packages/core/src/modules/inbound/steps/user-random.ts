import type { InboundStep } from '../inbound-turn.js';
import { botSettings, isOn, queueEnteredNow } from './step-support.js';

/**
 * Random attendant (userRandom, docs/product/inbound.md#queue-menu-and-option-trees): a ticket that entered a queue in this turn and
 * is still unassigned goes to a random member of that queue, an online one when any is.
 * The ticket keeps waiting (pending) in that attendant's list until accepted.
 */
export const userRandom: InboundStep = {
  name: 'user-random',
  // Acts only on a queue entered earlier in this turn.
  quiet: () => true,
  async run(turn) {
    const entered = queueEnteredNow(turn);
    const t = turn.ticket;
    if (!entered || t.queueId !== entered.queueId || t.status !== 'pending' || t.userId)
      return 'next';
    if (!isOn((await botSettings(turn)).userRandom)) return 'next';
    const members = await turn.tx.query<{ id: number; online: boolean }>(
      `SELECT u.id, u.online FROM user_queues uq JOIN users u ON u.id = uq."userId"
        WHERE uq."companyId" = $1 AND uq."queueId" = $2`,
      [turn.tx.companyId, entered.queueId],
    );
    const online = members.filter((m) => m.online);
    const pool = online.length ? online : members;
    if (!pool.length) return 'next';
    const chosen = pool[Math.floor(Math.random() * pool.length)]!;
    await turn.update({ userId: chosen.id });
    return 'next';
  },
};
