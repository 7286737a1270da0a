import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../auth/tokens.js';
import { findTicket } from '../tickets/find-ticket.js';
import { TICKET_NOTE_COLUMNS, toTicketNoteView, type TicketNoteRow } from './ticket-note-view.js';

/** How many notes one list answers at most (newest first). */
const MAX_NOTES = 500;

/** The notes of a ticket, of a contact, or of both, newest first, with author names. */
export async function listTicketNotes(
  ctx: AppContext,
  o: { auth: Principal; ticketId?: number; contactId?: number },
) {
  // A ticket's notes are for who may open the ticket (spec 1 §6).
  if (o.ticketId !== undefined) await findTicket(ctx, { auth: o.auth, ref: o.ticketId });
  const rows = await tenantData(ctx.ds, o.auth.companyId).prepared<TicketNoteRow>(
    'ticket-notes-list',
    `SELECT ${TICKET_NOTE_COLUMNS} FROM ticket_notes n LEFT JOIN users u ON u.id = n."userId"
      WHERE n."companyId" = $1 AND ($2::int IS NULL OR n."ticketId" = $2)
        AND ($3::int IS NULL OR n."contactId" = $3)
      ORDER BY n."createdAt" DESC, n.id DESC LIMIT ${MAX_NOTES}`,
    [o.auth.companyId, o.ticketId ?? null, o.contactId ?? null],
  );
  return rows.map(toTicketNoteView);
}
