import type { ticketLogView } from '@atendo/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { findTicket } from './find-ticket.js';

/** GET /tickets-log/:ticketId: the ticket's history, oldest first, with user and queue. */
export async function listTicketLogs(
  ctx: AppContext,
  o: { auth: Principal; ref: number | string },
) {
  const ticket = await findTicket(ctx, o);
  const db = tenantData(ctx.ds, o.auth.companyId);
  return db.query<z.input<typeof ticketLogView>>(
    `SELECT l.id, l.type, l."ticketId", l."userId", l."queueId", l."createdAt",
            CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END AS "user",
            CASE WHEN q.id IS NULL THEN NULL
                 ELSE json_build_object('id', q.id, 'name', q.name, 'color', q.color) END AS queue
       FROM logs_tickets l LEFT JOIN users u ON u.id = l."userId" LEFT JOIN queues q ON q.id = l."queueId"
      WHERE l."companyId" = $1 AND l."ticketId" = $2 ORDER BY l."createdAt", l.id`,
    [db.companyId, ticket.id],
  );
}
