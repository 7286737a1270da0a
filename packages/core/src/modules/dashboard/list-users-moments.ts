import type { MomentTicket } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { dashboardViewer } from './dashboard-viewer.js';
import { MOMENTS_LIMIT, MOMENT_JOINS, momentColumns } from './moment-tickets-sql.js';

export const USERS_MOMENTS_SQL = `
SELECT ${momentColumns('$2', '$3')}
  FROM tickets t ${MOMENT_JOINS}
 WHERE t."companyId" = $1 AND t.status IN ('open', 'pending')
 ORDER BY t."updatedAt" DESC, t.id DESC
 LIMIT ${MOMENTS_LIMIT}`;

/**
 * GET /usersMoments: the live attendance panel (docs/product/dashboard-and-reports.md /moments), every open and pending
 * ticket of the company with its user (none: the Pendentes card). The panel is for whoever
 * holds the real-time permission; `canOpen` says which tickets the caller may open (admins
 * any, others only their own).
 */
export async function listUsersMoments(
  ctx: AppContext,
  o: { auth: Principal },
): Promise<MomentTicket[]> {
  const viewer = await dashboardViewer(ctx, o.auth, 'realtime');
  return tenantData(ctx.ds, viewer.companyId).prepared<MomentTicket>(
    'dashboard-users-moments',
    USERS_MOMENTS_SQL,
    [viewer.companyId, viewer.admin, viewer.userId],
  );
}
