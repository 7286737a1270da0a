import {
  AppError,
  canShowAllTickets,
  canViewDashboard,
  canViewRealTime,
  isAdministrator,
  type PermissionUser,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { companyTimeZone } from '../companies/company-time-zone.js';
import { targetCompany } from '../users/users-of.js';

/** Who is looking at the dashboard, with what they may see, and in which company and zone. */
export interface DashboardViewer {
  userId: number;
  /** The company whose rows are counted: the caller's, or for super admins the one named. */
  companyId: number;
  /** The company's time zone: days and hours are its calendar days and hours. */
  timeZone: string;
  admin: boolean;
  permissions: PermissionUser;
  queueIds: number[];
}

interface ViewerRow {
  profile: 'admin' | 'user';
  super: boolean;
  showDashboard: 'enabled' | 'disabled';
  allowRealTime: 'enabled' | 'disabled';
  allUserChat: 'enabled' | 'disabled';
  allTicket: 'enable' | 'disable';
  queueIds: number[];
}

/**
 * The caller's flags and queues in one lean read (the token names only the profile), then the
 * dashboard permission the route needs: `dashboard` (admin or showDashboard) or `realtime`
 * (that, or allowRealTime); else ERR_NO_PERMISSION.
 */
export async function dashboardViewer(
  ctx: AppContext,
  auth: Principal,
  need: 'dashboard' | 'realtime',
  requestedCompany?: number,
): Promise<DashboardViewer> {
  const [row] = await tenantData(ctx.ds, auth.companyId).prepared<ViewerRow>(
    'dashboard-viewer',
    `SELECT u.profile, u.super, u."showDashboard", u."allowRealTime", u."allUserChat", u."allTicket",
            ARRAY(SELECT uq."queueId" FROM user_queues uq WHERE uq."userId" = u.id) AS "queueIds"
       FROM users u WHERE u.id = $1 AND u."companyId" = $2`,
    [auth.userId, auth.companyId],
  );
  if (!row) throw new AppError('ERR_NO_PERMISSION');
  const permissions: PermissionUser = {
    profile: row.profile === 'admin' ? 'admin' : 'user',
    super: row.super,
    showDashboard: row.showDashboard,
    allowRealTime: row.allowRealTime,
    allUserChat: row.allUserChat,
    allTicket: row.allTicket,
  };
  const allowed =
    isAdministrator(permissions) ||
    canViewDashboard(permissions) ||
    (need === 'realtime' && canViewRealTime(permissions));
  if (!allowed) throw new AppError('ERR_NO_PERMISSION');
  const companyId = targetCompany(auth, requestedCompany);
  const company = await platformData(ctx.ds)
    .of(CompanyEntity)
    .findOne({ where: { id: companyId }, select: { id: true, timezone: true } });
  // A super admin naming a company that does not exist gets that company's (empty) figures.
  const timeZone = companyTimeZone(ctx, company ?? { id: companyId, timezone: '' });
  return {
    userId: auth.userId,
    companyId,
    timeZone,
    admin: isAdministrator(permissions),
    permissions,
    queueIds: row.queueIds,
  };
}

/** Show-all on the live lists: admin, allUserChat or allTicket (docs/product/tickets.md#who-sees-which-tickets). */
export const viewerShowsAll = (v: DashboardViewer): boolean => canShowAllTickets(v.permissions);
