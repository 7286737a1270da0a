import { z } from 'zod';
import { MSG_INVALID_DAY, MSG_WINDOW_TOO_LONG } from './validation-messages.js';
import { idParam } from './common.js';

/** The ticket statuses of docs/product/dashboard-and-reports.md a /dashboard/moments call may filter on. */
const STATUSES = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const;

/**
 * A list in a query string: repeated parameters, `a,b`, or the `JSON.stringify([..])` the
 * lineage's consoles send.
 */
const queryList = (v: unknown): unknown => {
  if (v === undefined || v === null || v === '') return undefined;
  if (Array.isArray(v)) return v.flatMap((x) => String(x).split(',')).filter((x) => x !== '');
  const text = String(v).trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return v;
    }
  }
  return text.split(',').filter((x) => x !== '');
};

/** An empty query parameter (the lineage's consoles send `date_from=`) counts as absent. */
const blankAsAbsent = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A calendar day, YYYY-MM-DD, that exists (read in the company's time zone by the api). */
const dashboardDay = z.preprocess(
  blankAsAbsent,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, MSG_INVALID_DAY)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }, MSG_INVALID_DAY)
    .optional(),
);

/** The longest window a dashboard call may ask for (ten years of days). */
export const DASHBOARD_MAX_DAYS = 3660;

const dayCount = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/** A from/to pair: from not after to, and not further apart than DASHBOARD_MAX_DAYS. */
function ordered<T extends z.ZodRawShape>(shape: T, from: keyof T & string, to: keyof T & string) {
  return z.object(shape).superRefine((q, ctx) => {
    const a = (q as Record<string, unknown>)[from];
    const b = (q as Record<string, unknown>)[to];
    if (typeof a !== 'string' || typeof b !== 'string') return;
    const days = dayCount(a, b);
    if (days < 0) ctx.addIssue({ code: 'custom', path: [to], message: `Before ${from}` });
    else if (days > DASHBOARD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: [to], message: MSG_WINDOW_TOO_LONG });
  });
}

/**
 * GET /dashboard (docs/product/dashboard-and-reports.md#routes): the last `days` calendar days (today included), or the days
 * date_from..date_to (either end may be open). With none of them the api answers
 * ERR_DASHBOARD_FILTER_REQUIRED ('Parametrize o filtro').
 */
export const dashboardQuery = ordered(
  {
    days: z.preprocess(
      blankAsAbsent,
      z.coerce.number().int().min(1).max(DASHBOARD_MAX_DAYS).optional(),
    ),
    date_from: dashboardDay,
    date_to: dashboardDay,
  },
  'date_from',
  'date_to',
);
export type DashboardQuery = z.output<typeof dashboardQuery>;

/**
 * GET /dashboard/ticketsUsers and /dashboard/ticketsDay: the days initialDate..finalDate.
 * `companyId` is read only for super admins; everyone else gets their own company.
 */
export const dashboardChartQuery = ordered(
  {
    initialDate: dashboardDay,
    finalDate: dashboardDay,
    companyId: z.preprocess(blankAsAbsent, idParam.optional()),
  },
  'initialDate',
  'finalDate',
);
export type DashboardChartQuery = z.output<typeof dashboardChartQuery>;

/** GET /dashboard/moments: the tickets behind the dashboard's live lists. */
export const dashboardMomentsQuery = ordered(
  {
    status: z.preprocess(queryList, z.array(z.enum(STATUSES)).min(1).max(10).optional()),
    showAll: z.preprocess(
      (v) => (v === '' ? undefined : v === 'true' || v === true ? true : v === 'false' ? false : v),
      z.boolean().optional(),
    ),
    queueIds: z.preprocess(queryList, z.array(idParam).max(500).optional()),
    dateStart: dashboardDay,
    dateEnd: dashboardDay,
    userId: z.preprocess(blankAsAbsent, idParam.optional()),
  },
  'dateStart',
  'dateEnd',
);
export type DashboardMomentsQuery = z.output<typeof dashboardMomentsQuery>;
