import { AppError, type TicketNoteView } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';

/** A note row with its author's name, as lean SQL returns it. */
export interface TicketNoteRow extends Omit<TicketNoteView, 'user'> {
  userName: string | null;
}

/** The columns of a note's row over `ticket_notes n LEFT JOIN users u`. */
export const TICKET_NOTE_COLUMNS = `n.id, n.note, n."ticketId", n."contactId", n."userId",
  n."createdAt", n."updatedAt", u.name AS "userName"`;

/** The view of a note row: the author as `{ id, name }` (null once the user is gone). */
export function toTicketNoteView({ userName, ...row }: TicketNoteRow): TicketNoteView {
  return {
    ...row,
    user: row.userId !== null && userName !== null ? { id: row.userId, name: userName } : null,
  };
}

/** One note of the company, or ERR_NOT_FOUND. */
export async function loadTicketNote(db: TenantData, id: number): Promise<TicketNoteView> {
  const [row] = await db.query<TicketNoteRow>(
    `SELECT ${TICKET_NOTE_COLUMNS} FROM ticket_notes n LEFT JOIN users u ON u.id = n."userId"
      WHERE n.id = $1 AND n."companyId" = $2`,
    [id, db.companyId],
  );
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return toTicketNoteView(row);
}
