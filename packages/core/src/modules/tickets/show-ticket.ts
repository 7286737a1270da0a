import type { TicketView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { findTicket } from './find-ticket.js';
import { logTicket } from './ticket-history.js';

/**
 * A user opens a ticket (GET /tickets/:id, /tickets/u/:uuid): its view, and an `access` entry
 * in its history naming who looked (docs/product/tickets.md#entities log types).
 */
export async function showTicket(
  ctx: AppContext,
  o: { auth: Principal; ref: number | string },
): Promise<TicketView> {
  const ticket = await findTicket(ctx, o);
  await logTicket(tenantData(ctx.ds, o.auth.companyId), {
    ticketId: ticket.id,
    type: 'access',
    userId: o.auth.userId,
    queueId: ticket.queueId,
  });
  return ticket;
}
