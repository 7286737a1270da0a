import { AppError, type CreateTicketNoteInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TicketNoteEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { findTicket } from '../tickets/find-ticket.js';
import { loadTicketNote } from './ticket-note-view.js';

/**
 * Adds the caller's note to a ticket of the company. The note belongs to the ticket's
 * contact: a contactId naming another contact is refused rather than filed elsewhere.
 */
export async function createTicketNote(
  ctx: AppContext,
  o: { auth: Principal; input: CreateTicketNoteInput },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  // Only a ticket the caller may open (docs/product/tickets.md#who-sees-which-tickets) is theirs to annotate.
  await findTicket(ctx, { auth: o.auth, ref: o.input.ticketId });
  const [ticket] = await db.query<{ contactId: number }>(
    `SELECT "contactId" FROM tickets WHERE id = $1 AND "companyId" = $2`,
    [o.input.ticketId, o.auth.companyId],
  );
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  if (o.input.contactId !== undefined && o.input.contactId !== ticket.contactId)
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'contactId', message: "Not the ticket's contact" }],
    });
  const { id } = await db.of(TicketNoteEntity).insert({
    note: o.input.note,
    ticketId: o.input.ticketId,
    contactId: ticket.contactId,
    userId: o.auth.userId,
  });
  return loadTicketNote(db, id);
}
