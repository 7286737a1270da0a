import { AppError, isAdministrator } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TicketEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { changeTicket, placeOf } from './ticket-change.js';
import { logTicket } from './ticket-history.js';

/** Return to queue (docs/product/tickets.md#status-transitions): an open or group ticket goes back to pending, with no user. */
export function returnTicketToQueue(
  ctx: AppContext,
  o: { auth: Principal; ticketId: number; queueId?: number | null },
) {
  return changeTicket(ctx, o, async ({ tx, ticket, viewer, change }) => {
    if (!['open', 'group'].includes(ticket.status)) throw new AppError('ERR_NO_PERMISSION');
    if (ticket.userId !== viewer.id && !isAdministrator(viewer))
      throw new AppError('ERR_NO_PERMISSION');
    const before = placeOf(ticket);
    const queueId = o.queueId !== undefined && o.queueId !== null ? o.queueId : ticket.queueId;
    await tx
      .of(TicketEntity)
      .update({ id: ticket.id }, { status: 'pending', userId: null, queueId });
    await logTicket(tx, { ticketId: ticket.id, type: 'pending', userId: viewer.id, queueId });
    change.moved.push({ ticketId: ticket.id, before });
  });
}
