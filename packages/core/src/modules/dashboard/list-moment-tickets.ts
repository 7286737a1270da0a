import type { DashboardMomentsQuery, MomentTicket } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { dashboardViewer, viewerShowsAll } from './dashboard-viewer.js';
import { MOMENTS_LIMIT, MOMENT_JOINS, momentColumns } from './moment-tickets-sql.js';
import { periodBounds } from './period.js';

/** Without dates the list covers the last 30 days (docs/product/dashboard-and-reports.md "Dashboard ticket list window"). */
const DEFAULT_DAYS = 30;

/**
 * $1 company, $2..$3 period, $4 statuses, $5 queue filter, $6 user filter, $7 show all,
 * $8 caller, $9 caller's queues, $10 tickets without queue visible (allTicket), $11 admin.
 */
export const MOMENTS_SQL = `
SELECT ${momentColumns('$11', '$8')}
  FROM tickets t
  ${MOMENT_JOINS}
 WHERE t."companyId" = $1 AND t."createdAt" >= $2::timestamptz AND t."createdAt" < $3::timestamptz
   AND t.status = ANY($4::text[])
   AND ($5::int[] IS NULL OR t."queueId" = ANY($5::int[]))
   AND ($6::int IS NULL OR t."userId" = $6::int)
   AND ($7::boolean
        OR t."userId" = $8::int
        OR (t."userId" IS NULL AND t."queueId" = ANY($9::int[]))
        OR (t."userId" IS NULL AND t."queueId" IS NULL AND $10::boolean))
 ORDER BY t."updatedAt" DESC, t.id DESC
 LIMIT ${MOMENTS_LIMIT}`;

/**
 * GET /dashboard/moments: tickets by status (open and pending by default), queues, user and
 * creation days. Show-all and the user filter need admin, allUserChat or allTicket (docs/product/tickets.md#who-sees-which-tickets);
 * everyone else sees their own tickets and the waiting ones of their queues.
 */
export async function listMomentTickets(
  ctx: AppContext,
  o: { auth: Principal; query: DashboardMomentsQuery },
): Promise<MomentTicket[]> {
  const q = o.query;
  const viewer = await dashboardViewer(ctx, o.auth, 'realtime');
  const showAll = viewerShowsAll(viewer) && q.showAll === true;
  const dated = q.dateStart !== undefined || q.dateEnd !== undefined;
  const period = dated ? { from: q.dateStart, to: q.dateEnd } : { days: DEFAULT_DAYS };
  const db = tenantData(ctx.ds, viewer.companyId);
  const { lo, hi } = await periodBounds(db, viewer.timeZone, period);
  return db.query<MomentTicket>(MOMENTS_SQL, [
    viewer.companyId,
    lo,
    hi,
    q.status ?? ['open', 'pending'],
    q.queueIds ?? null,
    viewerShowsAll(viewer) ? (q.userId ?? null) : null,
    showAll,
    viewer.userId,
    viewer.queueIds,
    viewer.permissions.allTicket === 'enable',
    viewer.admin,
  ]);
}
