import { AppError, type TicketView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { TICKET_VIEW_COLUMNS, TICKET_VIEW_JOINS } from './ticket-views.js';
import { assertCanSee, loadViewer } from './viewer.js';

const BY_REF = (
  column: 'id' | 'uuid',
) => `SELECT ${TICKET_VIEW_COLUMNS} FROM tickets t ${TICKET_VIEW_JOINS}
  WHERE t."companyId" = $1 AND t.${column} = $2`;

/** One ticket by id or uuid, as the caller may see it (docs/product/tickets.md#who-sees-which-tickets); others get not found. */
export async function findTicket(
  ctx: AppContext,
  o: { auth: Principal; ref: number | string },
): Promise<TicketView> {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const byId = typeof o.ref === 'number';
  const [[ticket], viewer] = await Promise.all([
    db.prepared<TicketView>(
      byId ? 'ticket-by-id' : 'ticket-by-uuid',
      BY_REF(byId ? 'id' : 'uuid'),
      [db.companyId, o.ref],
    ),
    loadViewer(db, o.auth),
  ]);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  assertCanSee(viewer, ticket);
  return ticket;
}
