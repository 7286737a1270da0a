import { AppError, isAdministrator } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TicketNoteEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadTicketNote } from './ticket-note-view.js';

/** Deletes a note: its author's own, or any for an admin. */
export async function deleteTicketNote(ctx: AppContext, o: { auth: Principal; id: number }) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const note = await loadTicketNote(db, o.id);
  if (note.userId !== o.auth.userId && !isAdministrator(o.auth))
    throw new AppError('ERR_NO_PERMISSION');
  await db.of(TicketNoteEntity).delete({ id: o.id });
  return { message: 'Note deleted' };
}
