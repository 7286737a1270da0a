import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { TicketPlace } from '../tickets/events.js';
import type { Principal } from '../../access/principal.js';
import { assertCanManageConnections, loadWhatsapp } from './connections-access.js';
import { toWhatsappView } from './whatsapp-view.js';

/**
 * POST /closedimported/:id: after a history import, the pending tickets it created on the
 * connection close at once (no messages to the contacts; each gets its log entry and its
 * tracking closed) and the connection leaves its import state (statusImportMessages null).
 */
export async function closeImportedTickets(
  ctx: AppContext,
  o: { auth: Principal; whatsappId: number },
): Promise<{ message: string }> {
  await assertCanManageConnections(ctx, o.auth);
  return closeImportedTicketsOf(ctx, {
    companyId: o.auth.companyId,
    whatsappId: o.whatsappId,
    userId: o.auth.userId,
  });
}

/**
 * The same for a connection of a company, by a user or (`userId` null) by the message import
 * itself when the connection has closedTicketsPostImported.
 */
export async function closeImportedTicketsOf(
  ctx: AppContext,
  o: { companyId: number; whatsappId: number; userId: number | null },
): Promise<{ message: string }> {
  const companyId = o.companyId;
  const whatsapp = await loadWhatsapp(ctx, companyId, o.whatsappId);
  const closed = await tenantData(ctx.ds, companyId).transaction(async (tx) => {
    const rows = await tx.query<{ id: number; before: TicketPlace }>(
      // Wrapped in a SELECT: TypeORM answers a bare UPDATE … RETURNING as [rows, count].
      `WITH target AS (
         SELECT id, status, "queueId", "userId" FROM tickets
          WHERE "companyId" = $1 AND "whatsappId" = $2 AND status = 'pending'
            AND imported IS NOT NULL
          FOR UPDATE)
       , closed AS (
       UPDATE tickets t SET status = 'closed', "unreadMessages" = 0, "updatedAt" = now()
         FROM target WHERE t.id = target.id
       RETURNING t.id, json_build_object('status', target.status, 'queueId', target."queueId",
                                         'userId', target."userId") AS before)
       SELECT * FROM closed`,
      [companyId, whatsapp.id],
    );
    const ids = rows.map((r) => r.id);
    if (ids.length) {
      await tx.query(
        `INSERT INTO logs_tickets ("companyId", "ticketId", "userId", "queueId", type)
         SELECT "companyId", id, $2::int, "queueId", 'closed' FROM tickets
          WHERE "companyId" = $1 AND id = ANY($3::int[])`,
        [companyId, o.userId, ids],
      );
      await tx.query(
        `UPDATE ticket_traking k SET "closedAt" = now(), "finishedAt" = now()
          WHERE k."companyId" = $1 AND k.id IN (
            SELECT max(id) FROM ticket_traking
             WHERE "companyId" = $1 AND "ticketId" = ANY($2::int[]) GROUP BY "ticketId")`,
        [companyId, ids],
      );
    }
    await tx.query(
      `UPDATE whatsapps SET "statusImportMessages" = NULL, "updatedAt" = now()
        WHERE "companyId" = $1 AND id = $2`,
      [companyId, whatsapp.id],
    );
    return rows;
  });
  for (const r of closed)
    ctx.events.publish('ticket.updated', { companyId, ticketId: r.id, before: r.before });
  const view = toWhatsappView(await loadWhatsapp(ctx, companyId, whatsapp.id));
  ctx.events.publish('whatsapp.updated', { companyId, whatsapp: view });
  return { message: `${closed.length} imported tickets closed` };
}
