import {
  AppError,
  NPS_DETRACTOR_MAX,
  NPS_PROMOTER_MIN,
  npsSummary,
  type DashboardAttendant,
  type DashboardQuery,
  type DashboardView,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { dashboardViewer } from './dashboard-viewer.js';
import { periodBounds } from './period.js';

/** Minutes between two timestamps, fractional. */
const minutes = (to: string, from: string) => `EXTRACT(EPOCH FROM (${to} - ${from})) / 60`;

/** Rounded average of a numeric expression over the rows passing `filter`, 0 when none. */
const avg = (expr: string, filter: string) =>
  `coalesce(round((avg(${expr}) FILTER (WHERE ${filter}))::numeric, 2), 0)::float8`;

/**
 * The service cycles (ticket_traking rows) created in the period, in one pass: the company's
 * counters (grouping ()) and each attendant's (grouping "userId"). A cycle is active when an
 * agent opened it (started the moment it began: it never waited), passive when it entered the
 * queue; wait time is averaged over the passive ones. $1 company, $2..$3 the period.
 */
export const CYCLES_SQL = `
SELECT tt."userId", GROUPING(tt."userId") AS total,
       count(*)::int AS tickets,
       count(*) FILTER (WHERE tt."closedAt" IS NOT NULL)::int AS "supportFinished",
       count(*) FILTER (WHERE t.status = 'group')::int AS "supportGroups",
       ${avg(minutes('tt."closedAt"', 'tt."startedAt"'), 'tt."closedAt" >= tt."startedAt"')} AS "avgSupportTime",
       ${avg(minutes('tt."startedAt"', 'tt."queuedAt"'), 'tt."startedAt" > tt."queuedAt"')} AS "avgWaitTime",
       count(*) FILTER (WHERE tt."startedAt" <= tt."queuedAt")::int AS "activeTickets",
       count(*) FILTER (WHERE tt."startedAt" IS NULL OR tt."queuedAt" IS NULL
                          OR tt."startedAt" > tt."queuedAt")::int AS "passiveTickets",
       count(*) FILTER (WHERE t.status = 'nps')::int AS "waitRating",
       count(*) FILTER (WHERE tt."closedAt" IS NOT NULL AND (tt.rated OR ur."createdAt" >= tt."createdAt"))::int AS "withRating",
       count(*) FILTER (WHERE tt."closedAt" IS NOT NULL
                          AND NOT coalesce(tt.rated OR ur."createdAt" >= tt."createdAt", false))::int AS "withoutRating"
  FROM ticket_traking tt
  JOIN tickets t ON t.id = tt."ticketId"
  LEFT JOIN user_ratings ur ON ur."ticketId" = tt."ticketId"
 WHERE tt."companyId" = $1 AND tt."createdAt" >= $2::timestamptz AND tt."createdAt" < $3::timestamptz
 GROUP BY GROUPING SETS ((), (tt."userId"))`;

/** The period's ratings (0–10) in NPS groups, for the company and per attendant. */
export const RATINGS_SQL = `
SELECT "userId", GROUPING("userId") AS total,
       count(*) FILTER (WHERE rate >= ${NPS_PROMOTER_MIN})::int AS promoters,
       count(*) FILTER (WHERE rate > ${NPS_DETRACTOR_MAX} AND rate < ${NPS_PROMOTER_MIN})::int AS passives,
       count(*) FILTER (WHERE rate <= ${NPS_DETRACTOR_MAX})::int AS detractors,
       coalesce(round(avg(rate)::numeric, 2), 0)::float8 AS rating,
       count(*)::int AS "countRating"
  FROM user_ratings
 WHERE "companyId" = $1 AND "createdAt" >= $2::timestamptz AND "createdAt" < $3::timestamptz
 GROUP BY GROUPING SETS ((), ("userId"))`;

/**
 * Leads: contacts whose only ticket was opened in the period (groups are no leads): the
 * period's tickets (tickets by company and creation time) without a sibling ticket of the
 * same contact (tickets by contact).
 */
export const LEADS_SQL = `
SELECT count(*)::int AS leads
  FROM tickets t
 WHERE t."companyId" = $1 AND t."createdAt" >= $2::timestamptz AND t."createdAt" < $3::timestamptz
   AND NOT t."isGroup"
   AND NOT EXISTS (SELECT 1 FROM tickets o WHERE o."contactId" = t."contactId" AND o.id <> t.id)`;

/** What is happening now, whatever the period: open and pending tickets. */
export const LIVE_SQL = `
SELECT count(*) FILTER (WHERE status = 'open')::int AS "supportHappening",
       count(*) FILTER (WHERE status = 'pending')::int AS "supportPending"
  FROM tickets WHERE "companyId" = $1 AND status IN ('open', 'pending')`;

const USERS_SQL = `SELECT id, name, online FROM users WHERE "companyId" = $1 ORDER BY name, id`;

interface CycleRow {
  userId: number | null;
  total: number;
  tickets: number;
  supportFinished: number;
  supportGroups: number;
  avgSupportTime: number;
  avgWaitTime: number;
  activeTickets: number;
  passiveTickets: number;
  waitRating: number;
  withRating: number;
  withoutRating: number;
}

interface RatingRow {
  userId: number | null;
  total: number;
  promoters: number;
  passives: number;
  detractors: number;
  rating: number;
  countRating: number;
}

/**
 * GET /dashboard: the counters and the attendants of a period (docs/product/dashboard-and-reports.md, docs/product/companies-plans-billing.md#billing-sweep):
 * support time = closed − started, wait time = started − queued (minutes); leads = contacts
 * with exactly one ticket, opened in the period; NPS from the period's ratings; 'Parametrize
 * o filtro' when no period is given. A handful of aggregate queries, run side by side; each
 * has custom plans, as the right one differs between a day and a year of tickets.
 */
export async function getDashboard(
  ctx: AppContext,
  o: { auth: Principal; query: DashboardQuery },
): Promise<DashboardView> {
  const viewer = await dashboardViewer(ctx, o.auth, 'dashboard');
  const { days, date_from: from, date_to: to } = o.query;
  if (days === undefined && from === undefined && to === undefined)
    throw new AppError('ERR_DASHBOARD_FILTER_REQUIRED');
  const db = tenantData(ctx.ds, viewer.companyId);
  const { lo, hi } = await periodBounds(db, viewer.timeZone, { days, from, to });
  const window = [viewer.companyId, lo, hi];
  const [cycles, ratings, [leads], [live], users] = await Promise.all([
    db.query<CycleRow>(CYCLES_SQL, window),
    db.query<RatingRow>(RATINGS_SQL, window),
    db.query<{ leads: number }>(LEADS_SQL, window),
    db.query<{ supportHappening: number; supportPending: number }>(LIVE_SQL, [viewer.companyId]),
    db.prepared<{ id: number; name: string; online: boolean }>('dashboard-users', USERS_SQL, [
      viewer.companyId,
    ]),
  ]);
  const { userId: _u, total: _t, ...counters } = cycles.find((r) => r.total === 1)!;
  const nps = ratings.find((r) => r.total === 1)!;
  const rated = counters.withRating + counters.withoutRating;
  const byUser = new Map(cycles.filter((r) => r.total === 0).map((r) => [r.userId, r]));
  const ratingsByUser = new Map(ratings.filter((r) => r.total === 0).map((r) => [r.userId, r]));
  const attendants: DashboardAttendant[] = users.map((u) => {
    const c = byUser.get(u.id);
    const r = ratingsByUser.get(u.id);
    return {
      id: u.id,
      name: u.name,
      online: u.online,
      rating: r?.rating ?? 0,
      countRating: r?.countRating ?? 0,
      tickets: c?.tickets ?? 0,
      avgWaitTime: c?.avgWaitTime ?? 0,
      avgSupportTime: c?.avgSupportTime ?? 0,
    };
  });
  return {
    counters: {
      ...counters,
      supportHappening: live!.supportHappening,
      supportPending: live!.supportPending,
      leads: leads!.leads,
      ...npsSummary(nps),
      npsPromotersCount: nps.promoters,
      npsPassiveCount: nps.passives,
      npsDetractorsCount: nps.detractors,
      // Share of the period's finished services the contact rated.
      percRating: rated === 0 ? 0 : Math.round((10000 * counters.withRating) / rated) / 100,
    },
    attendants,
  };
}
