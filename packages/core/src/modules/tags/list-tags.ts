import type { TagRowView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { TAG_COLUMNS } from './tag-view.js';

const PAGE_SIZE = 20;

/** Tags of company $1 with kanban $2 whose name contains $3 (every one when empty). */
const MATCH = `t."companyId" = $1 AND t.kanban = $2 AND ($3 = '' OR t.name ILIKE '%' || $3 || '%')`;

/**
 * The tags page: one lean query for the page, each tag with how many contacts and tickets
 * carry it (counted through the tagId indexes), and one count.
 */
export async function listTags(
  ctx: AppContext,
  o: { auth: Principal; searchParam: string; pageNumber: number; kanban: number },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  // LIKE wildcards typed by the user are searched for, not expanded.
  const term = o.searchParam.trim().replace(/[%_\\]/g, '\\$&');
  const [tags, [total]] = await Promise.all([
    db.prepared<TagRowView>(
      'tags-page',
      `SELECT ${TAG_COLUMNS},
              (SELECT count(*)::int FROM contact_tags ct WHERE ct."tagId" = t.id) AS "contactsCount",
              (SELECT count(*)::int FROM ticket_tags tt WHERE tt."tagId" = t.id) AS "ticketsCount"
         FROM tags t WHERE ${MATCH}
        ORDER BY t.name, t.id LIMIT ${PAGE_SIZE} OFFSET $4`,
      [o.auth.companyId, o.kanban, term, (o.pageNumber - 1) * PAGE_SIZE],
    ),
    db.prepared<{ count: number }>(
      'tags-count',
      `SELECT count(*)::int AS count FROM tags t WHERE ${MATCH}`,
      [o.auth.companyId, o.kanban, term],
    ),
  ]);
  const count = total?.count ?? 0;
  return { tags, count, hasMore: count > o.pageNumber * PAGE_SIZE };
}
