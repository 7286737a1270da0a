import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { findTicket } from '../tickets/find-ticket.js';
import { lockTicket } from './ticket-tags.js';

/** Takes a ticket out of its kanban lane (the default "Em aberto" lane has no tag). */
export async function untagTicket(ctx: AppContext, o: { auth: Principal; ticketId: number }) {
  // Only a ticket the caller may open (docs/product/tickets.md#who-sees-which-tickets) is theirs to tag or annotate.
  await findTicket(ctx, { auth: o.auth, ref: o.ticketId });
  const companyId = o.auth.companyId;
  await tenantData(ctx.ds, companyId).transaction(async (tx) => {
    await lockTicket(tx, o.ticketId);
    await tx.query(
      `DELETE FROM ticket_tags tt USING tags t
        WHERE tt."ticketId" = $1 AND tt."companyId" = $2 AND t.id = tt."tagId" AND t.kanban = 1`,
      [o.ticketId, companyId],
    );
  });
  ctx.events.publish('ticket.tags_changed', { companyId, ticketId: o.ticketId });
  return { message: 'Ticket tags removed' };
}
