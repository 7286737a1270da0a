import type { z } from 'zod';
import type { migrationTicketView, ticketsMigrationQuery } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadWhatsapp } from './connections-access.js';

const PAGE_SIZE = 40;

/** Tickets of connection $2 in statuses $3 matching $4 (contact name or number, or ticket id). */
const MATCH = `t."companyId" = $1 AND t."whatsappId" = $2 AND t.status = ANY($3::text[])
  AND ($4 = '' OR c.name ILIKE '%' || $4 || '%' OR c.number ILIKE '%' || $4 || '%'
       OR t.id::text = $4)`;

/**
 * GET /tickets-migration/list (admins): one connection's open and pending tickets, newest
 * activity first, for the migration modal to pick from. Lean SQL: one page, one count.
 * Admins see every ticket, so showAll changes nothing here.
 */
export async function listMigrationTickets(
  ctx: AppContext,
  o: { auth: Principal; query: z.output<typeof ticketsMigrationQuery> },
) {
  const companyId = o.auth.companyId;
  await loadWhatsapp(ctx, companyId, o.query.whatsappId);
  const db = tenantData(ctx.ds, companyId);
  // LIKE wildcards typed by the user are searched for, not expanded.
  const term = o.query.searchParam.trim().replace(/[%_\\]/g, '\\$&');
  const params = [companyId, o.query.whatsappId, o.query.status, term];
  const [tickets, [total]] = await Promise.all([
    db.prepared<z.input<typeof migrationTicketView>>(
      'tickets-migration-page',
      `SELECT t.id, t.uuid, t.status, t."whatsappId", t."lastMessage", t."updatedAt",
              json_build_object('id', c.id, 'name', c.name, 'number', c.number) AS contact,
              CASE WHEN u.id IS NULL THEN NULL
                   ELSE json_build_object('id', u.id, 'name', u.name) END AS "user",
              CASE WHEN q.id IS NULL THEN NULL
                   ELSE json_build_object('id', q.id, 'name', q.name, 'color', q.color) END AS queue
         FROM tickets t
         JOIN contacts c ON c.id = t."contactId"
         LEFT JOIN users u ON u.id = t."userId"
         LEFT JOIN queues q ON q.id = t."queueId"
        WHERE ${MATCH}
        ORDER BY t."updatedAt" DESC, t.id DESC
        LIMIT ${PAGE_SIZE} OFFSET $5`,
      [...params, (o.query.pageNumber - 1) * PAGE_SIZE],
    ),
    db.prepared<{ count: number }>(
      'tickets-migration-count',
      `SELECT count(*)::int AS count FROM tickets t JOIN contacts c ON c.id = t."contactId"
        WHERE ${MATCH}`,
      params,
    ),
  ]);
  const count = total?.count ?? 0;
  return { tickets, count, hasMore: count > o.query.pageNumber * PAGE_SIZE };
}
