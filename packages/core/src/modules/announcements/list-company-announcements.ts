import type { AnnouncementView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { platformData } from '../../db/platform-data.js';
import { ANNOUNCEMENT_COLUMNS, likeTerm } from './announcement-view.js';

const PAGE_SIZE = 20;
const MATCH = `a.status AND ($1 = '' OR a.title ILIKE '%' || $1 || '%' OR a.text ILIKE '%' || $1 || '%')`;

/**
 * The top bar's announcements, for any logged-in user of any company: the active ones, the
 * highest priority (1) first, then the newest. Announcements are the platform's notices to
 * every company, so the caller's company does not narrow them.
 */
export async function listCompanyAnnouncements(
  ctx: AppContext,
  o: { searchParam: string; pageNumber: number },
) {
  const db = platformData(ctx.ds);
  const term = likeTerm(o.searchParam);
  const [records, [total]] = await Promise.all([
    db.query<AnnouncementView>(
      `SELECT ${ANNOUNCEMENT_COLUMNS} FROM announcements a WHERE ${MATCH}
        ORDER BY a.priority ASC, a."createdAt" DESC, a.id DESC LIMIT ${PAGE_SIZE} OFFSET $2`,
      [term, (o.pageNumber - 1) * PAGE_SIZE],
    ),
    db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM announcements a WHERE ${MATCH}`,
      [term],
    ),
  ]);
  const count = total?.count ?? 0;
  return { records, count, hasMore: count > o.pageNumber * PAGE_SIZE };
}
