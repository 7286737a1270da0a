import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { findTicket } from '../tickets/find-ticket.js';
import { loadViewer, visibleTicketSql } from '../tickets/viewer.js';
import { TICKET_NOTE_COLUMNS, toTicketNoteView, type TicketNoteRow } from './ticket-note-view.js';

/** How many notes one list answers at most (newest first). */
const MAX_NOTES = 500;

/**
 * The notes of a ticket, of a contact, or of both, newest first, with author names: only
 * notes on tickets the caller may open (docs/product/tickets.md#who-sees-which-tickets), so a contact's notes do not show what
 * was written on tickets of other queues.
 */
export async function listTicketNotes(
  ctx: AppContext,
  o: { auth: Principal; ticketId?: number; contactId?: number },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  if (o.ticketId !== undefined) await findTicket(ctx, { auth: o.auth, ref: o.ticketId });
  const params: unknown[] = [db.companyId, o.ticketId ?? null, o.contactId ?? null];
  const visible = visibleTicketSql(await loadViewer(db, o.auth), 't', (v) => `$${params.push(v)}`);
  const rows = await db.query<TicketNoteRow>(
    `SELECT ${TICKET_NOTE_COLUMNS} FROM ticket_notes n LEFT JOIN users u ON u.id = n."userId"
       JOIN tickets t ON t.id = n."ticketId"
      WHERE n."companyId" = $1 AND ($2::int IS NULL OR n."ticketId" = $2)
        AND ($3::int IS NULL OR n."contactId" = $3) AND ${visible}
      ORDER BY n."createdAt" DESC, n.id DESC LIMIT ${MAX_NOTES}`,
    params,
  );
  return rows.map(toTicketNoteView);
}
