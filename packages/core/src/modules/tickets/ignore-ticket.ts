import { AppError, canIgnorePending } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TicketEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { changeTicket, placeOf } from './ticket-change.js';
import { logTicket, track } from './ticket-history.js';

/**
 * Ignore (PUT /tickets/:id/ignore, docs/product/tickets.md#closing-and-rating): a pending or lgpd ticket closes silently,
 * with no farewell and no rating; needs userClosePendingTicket or the admin profile.
 */
export function ignoreTicket(ctx: AppContext, o: { auth: Principal; ticketId: number }) {
  return changeTicket(ctx, o, async ({ tx, ticket, viewer, change }) => {
    if (!canIgnorePending(viewer)) throw new AppError('ERR_NO_PERMISSION');
    if (!['pending', 'lgpd'].includes(ticket.status)) throw new AppError('ERR_NO_PERMISSION');
    const before = placeOf(ticket);
    await tx.of(TicketEntity).update({ id: ticket.id }, { status: 'closed', unreadMessages: 0 });
    await logTicket(tx, {
      ticketId: ticket.id,
      type: 'closed',
      userId: viewer.id,
      queueId: ticket.queueId,
    });
    await track(tx, ticket.id, { closed: true });
    change.moved.push({ ticketId: ticket.id, before });
  });
}
