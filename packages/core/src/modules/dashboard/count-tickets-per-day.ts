import type { DashboardChartQuery, TicketsDayView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { chartWindow } from './chart-window.js';
import { dashboardViewer } from './dashboard-viewer.js';
import { periodBounds } from './period.js';

/** Service cycles of one day per hour of the company's clock, every hour present. */
export const PER_HOUR_SQL = `
WITH n AS (
  SELECT extract(hour FROM "createdAt" AT TIME ZONE $4::text)::int AS k, count(*)::int AS total
    FROM ticket_traking
   WHERE "companyId" = $1 AND "createdAt" >= $2::timestamptz AND "createdAt" < $3::timestamptz
   GROUP BY 1
)
SELECT lpad(h::text, 2, '0') AS horario, coalesce(n.total, 0)::int AS total
  FROM generate_series(0, 23) h LEFT JOIN n ON n.k = h
 ORDER BY h`;

/** Service cycles per calendar day of the company, every day of the window present. */
export const PER_DAY_SQL = `
WITH n AS (
  SELECT ("createdAt" AT TIME ZONE $4::text)::date AS k, count(*)::int AS total
    FROM ticket_traking
   WHERE "companyId" = $1 AND "createdAt" >= $2::timestamptz AND "createdAt" < $3::timestamptz
   GROUP BY 1
)
SELECT to_char(d, 'DD/MM/YYYY') AS data, coalesce(n.total, 0)::int AS total
  FROM generate_series($5::date, $6::date, interval '1 day') d LEFT JOIN n ON n.k = d::date
 ORDER BY d`;

/**
 * GET /dashboard/ticketsDay: the "tickets per day" chart, or per hour when the window is one
 * day, as the lineage's charts read it: `{ data: [{ data | horario, total }], count }`.
 */
export async function countTicketsPerDay(
  ctx: AppContext,
  o: { auth: Principal; query: DashboardChartQuery },
): Promise<TicketsDayView> {
  const viewer = await dashboardViewer(ctx, o.auth, 'dashboard', o.query.companyId);
  const { from, to } = chartWindow(o.query);
  const oneDay = from === to;
  const db = tenantData(ctx.ds, viewer.companyId);
  const { lo, hi } = await periodBounds(db, viewer.timeZone, { from, to });
  const rows = await db.query<{ total: number; horario?: string; data?: string }>(
    oneDay ? PER_HOUR_SQL : PER_DAY_SQL,
    oneDay
      ? [viewer.companyId, lo, hi, viewer.timeZone]
      : [viewer.companyId, lo, hi, viewer.timeZone, from, to],
  );
  const data = rows.map((r) =>
    r.horario !== undefined
      ? { horario: r.horario, total: r.total }
      : { data: r.data!, total: r.total },
  );
  return { data, count: rows.reduce((sum, r) => sum + r.total, 0) };
}
