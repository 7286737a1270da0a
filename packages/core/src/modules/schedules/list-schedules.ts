import { isAdministrator, type SchedulePageQuery, type ScheduleView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { requireSchedulesPlan } from './require-schedules-plan.js';
import { SCHEDULE_COLUMNS, SCHEDULE_FROM, VISIBLE } from './schedule-view.js';

const PAGE_SIZE = 20;

// $4 search term, $5 contact, $6 author, $7/$8 the sendAt window (null: no bound).
const MATCH = `${VISIBLE}
  AND ($4 = '' OR s.body ILIKE '%' || $4 || '%' OR c.name ILIKE '%' || $4 || '%')
  AND ($5::int IS NULL OR s."contactId" = $5) AND ($6::int IS NULL OR s."userId" = $6)
  AND ($7::timestamptz IS NULL OR s."sendAt" >= $7) AND ($8::timestamptz IS NULL OR s."sendAt" < $8)`;

/**
 * The schedules page: what the caller sees (an admin every schedule, a profile user their
 * own), by send time, searched by text or contact name, optionally one contact's or author's
 * or within the calendar's visible window. `{ schedules, count, hasMore }`.
 */
export async function listSchedules(ctx: AppContext, o: { auth: Principal } & SchedulePageQuery) {
  await requireSchedulesPlan(ctx, o.auth.companyId);
  const db = tenantData(ctx.ds, o.auth.companyId);
  const term = o.searchParam.trim().replace(/[%_\\]/g, '\\$&');
  const params = [
    o.auth.companyId,
    o.auth.userId,
    isAdministrator(o.auth),
    term,
    o.contactId ?? null,
    o.userId ?? null,
    o.dateFrom ?? null,
    o.dateTo ?? null,
  ];
  const [schedules, [total]] = await Promise.all([
    db.prepared<ScheduleView>(
      'schedules-page',
      `SELECT ${SCHEDULE_COLUMNS} FROM ${SCHEDULE_FROM} WHERE ${MATCH}
        ORDER BY s."sendAt", s.id LIMIT ${PAGE_SIZE} OFFSET $9`,
      [...params, (o.pageNumber - 1) * PAGE_SIZE],
    ),
    db.prepared<{ count: number }>(
      'schedules-count',
      `SELECT count(*)::int AS count FROM scheduled_messages s JOIN contacts c ON c.id = s."contactId"
        WHERE ${MATCH}`,
      params,
    ),
  ]);
  const count = total?.count ?? 0;
  return { schedules, count, hasMore: count > o.pageNumber * PAGE_SIZE };
}
