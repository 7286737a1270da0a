import type { KanbanTicketsQuery, KanbanTicketView, TagView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { loadCompanyTimeZone } from '../companies/company-time-zone.js';
import { loadViewer, visibleTicketSql } from '../tickets/viewer.js';
import { featureData } from '../campaigns/plan-feature.js';

/** Cards a page of the board holds, as the lineage's board asks for them. */
export const KANBAN_PAGE_SIZE = 400;

/** GET /tag/kanban: the company's lanes, oldest first (the board's column order). */
export async function listKanbanLanes(ctx: AppContext, o: { auth: Principal }) {
  const db = await featureData(ctx, o.auth, 'useKanban');
  const lista = await db.query<TagView>(
    `SELECT id, name, color, kanban, "userId", "createdAt", "updatedAt"
       FROM tags WHERE "companyId" = $1 AND kanban = 1 ORDER BY id`,
    [db.companyId],
  );
  return { lista };
}

/**
 * GET /ticket/kanban: the open and pending tickets the caller may see (docs/product/tickets.md#who-sees-which-tickets, as the
 * ticket list), optionally of some queues and created within days of the company's time zone;
 * newest activity first, one lean statement with each card's contact, extra info, attendant
 * and tags.
 */
export async function listKanbanTickets(
  ctx: AppContext,
  o: { auth: Principal; query: KanbanTicketsQuery },
) {
  const db = await featureData(ctx, o.auth, 'useKanban');
  const viewer = await loadViewer(db, o.auth);
  const params: unknown[] = [db.companyId];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [`t."companyId" = $1`, `t.status IN ('open', 'pending')`];
  where.push(visibleTicketSql(viewer, 't', p));
  const q = o.query;
  if (q.queueIds?.length) where.push(`t."queueId" = ANY(${p(q.queueIds)}::int[])`);
  const start = q.startDate ?? q.dateStart;
  const end = q.endDate ?? q.dateEnd;
  if (start || end) {
    const tz = p(await loadCompanyTimeZone(ctx, db.companyId));
    if (start) where.push(`t."createdAt" >= (${p(start)}::date::timestamp AT TIME ZONE ${tz})`);
    if (end) where.push(`t."createdAt" < ((${p(end)}::date + 1)::timestamp AT TIME ZONE ${tz})`);
  }
  const filter = where.join(' AND ');
  const countParams = [...params];
  const limit = p(KANBAN_PAGE_SIZE);
  const offset = p((q.pageNumber - 1) * KANBAN_PAGE_SIZE);
  const [tickets, [total]] = await Promise.all([
    db.query<KanbanTicketView>(
      `SELECT t.id, t.uuid, t.status, t."queueId", t."userId", t."lastMessage",
              t."unreadMessages", t."createdAt", t."updatedAt",
              json_build_object(
                'id', c.id, 'name', c.name, 'urlPicture', c."urlPicture",
                'extraInfo', COALESCE((
                  SELECT json_agg(json_build_object('name', f.name, 'value', COALESCE(f.value, ''))
                                  ORDER BY f.id)
                    FROM contact_custom_fields f
                   WHERE f."companyId" = t."companyId" AND f."contactId" = c.id), '[]')
              ) AS contact,
              CASE WHEN u.id IS NULL THEN NULL
                   ELSE json_build_object('id', u.id, 'name', u.name) END AS "user",
              COALESCE((
                SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color,
                                                  'kanban', g.kanban) ORDER BY g.id)
                  FROM ticket_tags tt JOIN tags g ON g.id = tt."tagId"
                 WHERE tt."companyId" = t."companyId" AND tt."ticketId" = t.id), '[]') AS tags
         FROM tickets t
         JOIN contacts c ON c.id = t."contactId"
         LEFT JOIN users u ON u.id = t."userId"
        WHERE ${filter}
        ORDER BY t."updatedAt" DESC, t.id DESC
        LIMIT ${limit} OFFSET ${offset}`,
      params,
    ),
    db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM tickets t WHERE ${filter}`,
      countParams,
    ),
  ]);
  const count = total?.count ?? 0;
  return { tickets, count, hasMore: count > q.pageNumber * KANBAN_PAGE_SIZE };
}
