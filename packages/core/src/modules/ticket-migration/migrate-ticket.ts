import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TicketEntity, WhatsappEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import { otherOpenTicket, placeOf } from '../tickets/ticket-change.js';
import { logTicket, track } from '../tickets/ticket-history.js';

/** Tickets a migration may move: the ones the modal lists (open, pending) and group chats. */
const MOVABLE = ['open', 'pending', 'group'];

/**
 * Moves one ticket to another connection (docs/product/connections.md#connection-status Ticket migration, docs/product/tickets.md#closing-and-rating): it waits
 * again (pending, or group for a group chat the target keeps as a group), with no user, on the
 * target, flagged isTransfered; logged as a transfer. Refused with ERR_OTHER_OPEN_TICKET when
 * the target already holds an active ticket of that contact. Running it again on a ticket that
 * already moved changes nothing more, so a retried batch stays correct.
 */
export async function migrateTicket(
  ctx: AppContext,
  o: { companyId: number; ticketId: number; whatsappId: number; userId: number | null },
): Promise<void> {
  const db = tenantData(ctx.ds, o.companyId);
  const before = await db.transaction(async (tx) => {
    const ticket = await tx.of(TicketEntity).findOne({
      where: { id: o.ticketId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
    if (!MOVABLE.includes(ticket.status)) throw new AppError('ERR_NO_PERMISSION');
    const target = await tx.of(WhatsappEntity).findOne({
      where: { id: o.whatsappId },
      select: { id: true, channel: true, groupAsTicket: true },
    });
    if (!target) throw new AppError('ERR_NO_WAPP_FOUND');
    const held = await otherOpenTicket(tx, {
      contactId: ticket.contactId,
      whatsappId: target.id,
      exceptId: ticket.id,
    });
    if (held) throw held;
    const status = ticket.isGroup && target.groupAsTicket !== 'enabled' ? 'group' : 'pending';
    const unchanged =
      ticket.whatsappId === target.id && ticket.status === status && ticket.userId === null;
    if (unchanged && ticket.isTransfered) return null;
    const before = placeOf(ticket);
    await tx.of(TicketEntity).update(
      { id: ticket.id },
      {
        status,
        userId: null,
        whatsappId: target.id,
        channel: target.channel,
        isTransfered: true,
      },
    );
    await logTicket(tx, {
      ticketId: ticket.id,
      type: 'transfered',
      userId: o.userId,
      queueId: ticket.queueId,
    });
    await logTicket(tx, {
      ticketId: ticket.id,
      type: 'receivedTransfer',
      userId: null,
      queueId: ticket.queueId,
    });
    await track(tx, ticket.id, { userId: null, whatsappId: target.id, queueId: ticket.queueId });
    return before;
  });
  if (before)
    ctx.events.publish('ticket.updated', { companyId: o.companyId, ticketId: o.ticketId, before });
}
