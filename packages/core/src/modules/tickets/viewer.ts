import { AppError, canShowAllTickets, isAdministrator, type PermissionUser } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';

/** The caller as the ticket rules read them: role, flags and queues, loaded fresh. */
export interface Viewer extends PermissionUser {
  id: number;
  companyId: number;
  name: string;
  farewellMessage: string | null;
  queueIds: number[];
  /** Contact numbers reach this viewer masked (a request's caller; absent on sockets). */
  hidesContactNumbers?: boolean;
}

const VIEWER_SQL = `
SELECT u.id, u."companyId", u.name, u.profile, u.super, u."allTicket", u."allowGroup",
       u."allHistoric", u."allUserChat", u."userClosePendingTicket", u."showDashboard",
       u."allowRealTime", u."allowConnections", u."farewellMessage",
       COALESCE((SELECT array_agg(uq."queueId") FROM user_queues uq WHERE uq."userId" = u.id),
                '{}') AS "queueIds"
  FROM users u WHERE u."companyId" = $1 AND u.id = $2`;

/**
 * The caller's viewer record: what the request's authentication read (no second query), else
 * loaded (sockets). A user deleted since the token was issued has none.
 */
export async function loadViewer(db: TenantData, auth: Principal): Promise<Viewer> {
  if (auth.caller && auth.caller.companyId === db.companyId) return auth.caller;
  const [row] = await db.prepared<Viewer>('ticket-viewer', VIEWER_SQL, [db.companyId, auth.userId]);
  if (!row) throw new AppError('ERR_SESSION_EXPIRED');
  return row;
}

export const isTicketAdmin = (v: Viewer): boolean => isAdministrator(v);

/** Sees other users' tickets of their queues without turning show-all on. */
const seesOthers = (v: Viewer): boolean =>
  v.allUserChat === 'enabled' || v.allTicket === 'enable' || v.allHistoric === 'enabled';

/**
 * Whether the viewer may open a ticket (docs/product/tickets.md#who-sees-which-tickets): admins any; others their own, and the
 * unassigned or (with allUserChat/allTicket/allHistoric) other users' tickets of their queues;
 * tickets without a queue only with allTicket; group tickets need allowGroup.
 */
export function canSeeTicket(
  v: Viewer,
  t: { userId: number | null; queueId: number | null; isGroup: boolean; status: string },
): boolean {
  if (isTicketAdmin(v)) return true;
  if (t.userId === v.id) return true;
  if ((t.isGroup || t.status === 'group') && !v.allowGroup) return false;
  const queueOk = t.queueId === null ? v.allTicket === 'enable' : v.queueIds.includes(t.queueId);
  if (!queueOk) return false;
  return t.userId === null || seesOthers(v) || canShowAllTickets(v);
}

/** Refuses a ticket the viewer may not act on with the same answer as a missing one. */
export function assertCanSee(
  v: Viewer,
  t: { userId: number | null; queueId: number | null; isGroup: boolean; status: string },
): void {
  if (!canSeeTicket(v, t)) throw new AppError('ERR_NO_TICKET_FOUND');
}

/**
 * canSeeTicket as a SQL condition on ticket alias `t`, for lists that reach tickets through
 * something else (a contact's notes, its media). `param` adds a parameter and returns its `$n`.
 */
export function visibleTicketSql(v: Viewer, t: string, param: (value: unknown) => string): string {
  if (isTicketAdmin(v)) return 'TRUE';
  const mine = `${t}."userId" = ${param(v.id)}`;
  const group = v.allowGroup ? 'TRUE' : `(${t}."isGroup" = false AND ${t}.status <> 'group')`;
  const queue = `(${t}."queueId" = ANY(${param(v.queueIds)}::int[])${
    v.allTicket === 'enable' ? ` OR ${t}."queueId" IS NULL` : ''
  })`;
  const owner = seesOthers(v) || canShowAllTickets(v) ? 'TRUE' : `${t}."userId" IS NULL`;
  return `(${mine} OR (${group} AND ${queue} AND ${owner}))`;
}
