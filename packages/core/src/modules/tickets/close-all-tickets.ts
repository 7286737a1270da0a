import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import type { TicketPlace } from './events.js';

/**
 * Close all (docs/product/tickets.md#status-transitions, admins): every ticket of a tab, optionally only of some queues,
 * closes without messages to the contacts; each gets its log entry and tracking close.
 */
export async function closeAllTickets(
  ctx: AppContext,
  o: { auth: Principal; status: string; queueIds: number[] },
): Promise<{ closed: number }> {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const closed = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number; before: TicketPlace }>(
      // Wrapped in a SELECT: TypeORM answers a bare UPDATE … RETURNING as [rows, count].
      `WITH target AS (
         SELECT id, status, "queueId", "userId" FROM tickets
          WHERE "companyId" = $1 AND status = $2
            AND (cardinality($3::int[]) = 0 OR "queueId" = ANY($3::int[]))
          FOR UPDATE)
       , closed AS (
       UPDATE tickets t SET status = 'closed', "unreadMessages" = 0, "updatedAt" = now()
         FROM target WHERE t.id = target.id
       RETURNING t.id, json_build_object('status', target.status, 'queueId', target."queueId",
                                         'userId', target."userId") AS before)
       SELECT * FROM closed`,
      [tx.companyId, o.status, o.queueIds],
    );
    const ids = rows.map((r) => r.id);
    if (ids.length) {
      await tx.query(
        `INSERT INTO logs_tickets ("companyId", "ticketId", "userId", "queueId", type)
         SELECT "companyId", id, $2::int, "queueId", 'closed' FROM tickets WHERE "companyId" = $1 AND id = ANY($3::int[])`,
        [tx.companyId, o.auth.userId, ids],
      );
      await tx.query(
        `UPDATE ticket_traking k SET "closedAt" = now(), "finishedAt" = now()
          WHERE k."companyId" = $1 AND k.id IN (
            SELECT max(id) FROM ticket_traking WHERE "companyId" = $1 AND "ticketId" = ANY($2::int[]) GROUP BY "ticketId")`,
        [tx.companyId, ids],
      );
    }
    return rows;
  });
  for (const r of closed)
    ctx.events.publish('ticket.updated', {
      companyId: db.companyId,
      ticketId: r.id,
      before: r.before,
    });
  return { closed: closed.length };
}
