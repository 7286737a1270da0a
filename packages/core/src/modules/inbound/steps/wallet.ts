import type { InboundStep, InboundTurn } from '../inbound-turn.js';
import { botSettings, isOn } from './step-support.js';
import { track } from '../../tickets/ticket-history.js';

/**
 * DirectTicketsToWallets (docs/product/inbound.md#ticket): a returning customer's new ticket goes straight to
 * their attendant, skipping the bot. The platform keeps no separate wallet list: a contact's
 * wallet is the attendant (and queue) of their latest attended ticket, as long as that user
 * still exists and, for a queue, still works in it.
 */
export const wallet: InboundStep = {
  name: 'wallet',
  quiet: (f) => !applies(f) || !isOn(f.settings.DirectTicketsToWallets),
  async run(turn) {
    const t = turn.ticket;
    if (!applies(turn)) return 'next';
    if (!isOn((await botSettings(turn)).DirectTicketsToWallets)) return 'next';
    const [owner] = await turn.tx.query<{ userId: number; queueId: number | null }>(
      `SELECT t."userId", t."queueId" FROM tickets t
         JOIN users u ON u.id = t."userId" AND u."companyId" = t."companyId"
        WHERE t."companyId" = $1 AND t."contactId" = $2 AND t.id <> $3 AND t."userId" IS NOT NULL
          AND (t."queueId" IS NULL OR EXISTS (SELECT 1 FROM user_queues uq
                 WHERE uq."userId" = t."userId" AND uq."queueId" = t."queueId"))
        ORDER BY t."updatedAt" DESC LIMIT 1`,
      [turn.tx.companyId, t.contactId, t.id],
    );
    if (!owner) return 'next';
    await turn.update({ status: 'open', userId: owner.userId, queueId: owner.queueId }, 'open');
    await track(turn.tx, t.id, { started: true, userId: owner.userId, queueId: owner.queueId });
    return 'stop';
  },
};

/** Only a new ticket waiting for an attendant, of a person, goes to a wallet. */
const applies = ({ ticket: t, isNewTicket }: Pick<InboundTurn, 'ticket' | 'isNewTicket'>) =>
  isNewTicket && t.status === 'pending' && !t.userId && !t.isGroup;
