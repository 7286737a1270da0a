import type { DashboardChartQuery, TicketsUsersView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { chartWindow } from './chart-window.js';
import { dashboardViewer } from './dashboard-viewer.js';
import { periodBounds } from './period.js';

/** Service cycles of the period per user who took them, most first. */
export const TICKETS_USERS_SQL = `
SELECT u.id AS "userId", u.name AS nome, count(*)::int AS quantidade
  FROM ticket_traking tt
  JOIN users u ON u.id = tt."userId"
 WHERE tt."companyId" = $1 AND tt."createdAt" >= $2::timestamptz AND tt."createdAt" < $3::timestamptz
 GROUP BY u.id, u.name
 ORDER BY quantidade DESC, u.name, u.id`;

/** GET /dashboard/ticketsUsers: the "tickets per user" chart, `{ data: [{ nome, quantidade }] }`. */
export async function countTicketsPerUser(
  ctx: AppContext,
  o: { auth: Principal; query: DashboardChartQuery },
): Promise<TicketsUsersView> {
  const viewer = await dashboardViewer(ctx, o.auth, 'dashboard', o.query.companyId);
  const { from, to } = chartWindow(o.query);
  const db = tenantData(ctx.ds, viewer.companyId);
  const { lo, hi } = await periodBounds(db, viewer.timeZone, { from, to });
  const data = await db.query<TicketsUsersView['data'][0]>(TICKETS_USERS_SQL, [
    viewer.companyId,
    lo,
    hi,
  ]);
  return { data };
}
