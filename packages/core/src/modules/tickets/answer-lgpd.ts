import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ContactEntity, TicketEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { changeTicket, connectionOf, placeOf, renderForTicket } from './ticket-change.js';
import { logTicket, track } from './ticket-history.js';

/**
 * The data-privacy consent answer (POST /tickets/lgpd-response): accepted stores the
 * acceptance on contact and ticket and the ticket waits for an attendant; declined sends the
 * completion message and closes it.
 */
export function answerLgpd(
  ctx: AppContext,
  o: { auth: Principal; ticketId: number; accepted: boolean },
) {
  return changeTicket(ctx, o, async ({ tx, ticket, viewer, change, say }) => {
    if (ticket.status !== 'lgpd' && ticket.lgpdAccepted) throw new AppError('ERR_NO_PERMISSION');
    const before = placeOf(ticket);
    const now = new Date();
    if (o.accepted) {
      await tx.of(ContactEntity).update({ id: ticket.contactId }, { lgpdAcceptedAt: now });
      const status = ticket.status === 'lgpd' ? 'pending' : ticket.status;
      await tx
        .of(TicketEntity)
        .update({ id: ticket.id }, { lgpdAccepted: true, lgpdAcceptedAt: now, status });
      await logTicket(tx, {
        ticketId: ticket.id,
        type: 'lgpd',
        userId: viewer.id,
        queueId: ticket.queueId,
      });
    } else {
      const connection = await connectionOf(tx, ticket);
      if (connection?.complationMessage?.trim())
        await say(ticket, {
          body: await renderForTicket(ctx, tx, ticket, connection.complationMessage, viewer),
        });
      await tx.of(TicketEntity).update({ id: ticket.id }, { status: 'closed', unreadMessages: 0 });
      await logTicket(tx, {
        ticketId: ticket.id,
        type: 'closed',
        userId: viewer.id,
        queueId: ticket.queueId,
      });
      await track(tx, ticket.id, { closed: true });
    }
    change.moved.push({ ticketId: ticket.id, before });
  });
}
