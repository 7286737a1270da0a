import { AppError, hasStatic } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TicketEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { placeOf } from './ticket-change.js';
import { assertCanSee, loadViewer } from './viewer.js';

/**
 * Delete (docs/product/tickets.md#who-sees-which-tickets 'ticket-options:deleteTicket'): refused for a closed ticket, which must be
 * reopened first ('PARA DELETAR REABRA O TICKET'); its messages, logs and tracking go with it.
 */
export async function deleteTicket(ctx: AppContext, o: { auth: Principal; ticketId: number }) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const viewer = await loadViewer(db, o.auth);
  const before = await db.transaction(async (tx) => {
    const ticket = await tx
      .of(TicketEntity)
      .findOne({ where: { id: o.ticketId }, lock: { mode: 'pessimistic_write' } });
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
    assertCanSee(viewer, ticket);
    if (!hasStatic(viewer, 'ticket-options:deleteTicket')) throw new AppError('ERR_NO_PERMISSION');
    if (ticket.status === 'closed') throw new AppError('ERR_TICKET_CLOSED');
    await tx.of(TicketEntity).delete({ id: ticket.id });
    return placeOf(ticket);
  });
  ctx.events.publish('ticket.deleted', { companyId: db.companyId, ticketId: o.ticketId, before });
  return { message: 'Ticket deleted' };
}
