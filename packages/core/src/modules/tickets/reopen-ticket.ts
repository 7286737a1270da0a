import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TicketEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { changeTicket, connectionOf, otherOpenTicket, placeOf } from './ticket-change.js';
import { logTicket, startTracking } from './ticket-history.js';

/**
 * Reopen (docs/product/tickets.md#status-transitions): a closed ticket becomes the caller's again, open (or group). When the
 * contact already has another active ticket on that connection, that ticket is the answer
 * and nothing changes: the console compares ids and names its holder.
 */
export function reopenTicket(
  ctx: AppContext,
  o: { auth: Principal; ticketId: number; queueId?: number | null },
) {
  return changeTicket(ctx, o, async ({ tx, ticket, viewer, change }) => {
    if (ticket.status !== 'closed') throw new AppError('ERR_NO_PERMISSION');
    const other = await otherOpenTicket(tx, {
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      exceptId: ticket.id,
    });
    if (other) {
      change.ticketId = (other.data as { id: number }).id;
      return;
    }
    const before = placeOf(ticket);
    const connection = await connectionOf(tx, ticket);
    const status = ticket.isGroup && connection?.groupAsTicket !== 'enabled' ? 'group' : 'open';
    const queueId = o.queueId ?? ticket.queueId;
    await tx
      .of(TicketEntity)
      .update(
        { id: ticket.id },
        { status, userId: viewer.id, queueId, isTransfered: false, amountUsedBotQueues: 0 },
      );
    await logTicket(tx, { ticketId: ticket.id, type: 'reopen', userId: viewer.id, queueId });
    await startTracking(
      tx,
      { ticketId: ticket.id, whatsappId: ticket.whatsappId, queueId, userId: viewer.id },
      { startedAt: new Date() },
    );
    change.moved.push({ ticketId: ticket.id, before });
  });
}
