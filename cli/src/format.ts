import { calendarDay, formatBRL, PLAN_FLAGS, type PlanView } from '@atendo/domain';

/**
 * An amount as Brazilian reais by the domain's formatBRL, as the console shows money:
 * "R$ 1.234,50". Accepts "1234.5" or "1234,50".
 */
export function formatMoney(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const value = typeof amount === 'number' ? amount : Number(amount.replace(',', '.'));
  if (!Number.isFinite(value)) return String(amount);
  // Intl puts a no-break space after "R$"; a plain one keeps tables and greps simple.
  return formatBRL(value).replace(/\u00a0/g, ' ');
}

/** The date part of a date or timestamp (YYYY-MM-DD), or a dash. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return match ? match[0] : value;
}

/** "yes" or "no". */
export function yesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}

/** The plan's enabled feature flags without the `use` prefix: "whatsapp, kanban". */
export function formatPlanFlags(plan: Pick<PlanView, (typeof PLAN_FLAGS)[number]>): string {
  const on = PLAN_FLAGS.filter((flag) => plan[flag]).map(
    (flag) => flag.slice(3, 4).toLowerCase() + flag.slice(4),
  );
  return on.length ? on.join(', ') : '—';
}

/**
 * Today as 'YYYY-MM-DD' in the company's time zone (the default zone when it has none): the day
 * the api, the worker and the console count due dates by (the domain's one subscription rule).
 */
export function companyToday(
  company: { timezone?: string | null },
  now: Date = new Date(),
): string {
  return calendarDay(now, company.timezone);
}

/**
 * Adds calendar months to a 'YYYY-MM-DD' date; a day past the end of the target month is
 * clamped to its last day (2025-01-31 + 1 month = 2025-02-28), as billing systems do.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** A timestamp as 'YYYY-MM-DD HH:MM' in UTC, or a dash. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)}`;
}

/** A plan limit: 0 means unlimited (the api's rule). */
export function formatLimit(limit: number): string {
  return limit === 0 ? 'unlimited' : String(limit);
}
