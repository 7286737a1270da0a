import { isAdministrator, type QuickMessageView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { QUICK_MESSAGE_COLUMNS, VISIBLE } from './quick-message-view.js';

const PAGE_SIZE = 20;

const MATCH = `${VISIBLE} AND ($4 = '' OR q.shortcode ILIKE '%' || $4 || '%' OR q.message ILIKE '%' || $4 || '%')`;

/** The quick messages page: what the caller sees, searched by shortcode or text, by shortcode. */
export async function listQuickMessages(
  ctx: AppContext,
  o: { auth: Principal; searchParam: string; pageNumber: number },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const term = o.searchParam.trim().replace(/[%_\\]/g, '\\$&');
  const params = [o.auth.companyId, o.auth.userId, isAdministrator(o.auth), term];
  const [records, [total]] = await Promise.all([
    db.prepared<QuickMessageView>(
      'quick-messages-page',
      `SELECT ${QUICK_MESSAGE_COLUMNS} FROM quick_messages q WHERE ${MATCH}
        ORDER BY q.shortcode, q.id LIMIT ${PAGE_SIZE} OFFSET $5`,
      [...params, (o.pageNumber - 1) * PAGE_SIZE],
    ),
    db.prepared<{ count: number }>(
      'quick-messages-count',
      `SELECT count(*)::int AS count FROM quick_messages q WHERE ${MATCH}`,
      params,
    ),
  ]);
  const count = total?.count ?? 0;
  return { records, count, hasMore: count > o.pageNumber * PAGE_SIZE };
}
