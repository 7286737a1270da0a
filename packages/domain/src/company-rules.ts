/**
 * The company rules the console needs on its first screens (recurrences, due dates, time zones),
 * kept free of zod so importing them does not bring the schemas' library into the console's
 * first chunk; `schemas/company.ts` re-exports them.
 */

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** Months each recurrence advances the due date by (docs/product/companies-plans-billing.md). */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

/** The platform company's due date: it never expires and never moves (docs/product/companies-plans-billing.md Company). */
export const PLATFORM_DUE_DATE = '2999-12-31';

/**
 * `dueDate` ('YYYY-MM-DD') moved on by one period of `recurrence` (docs/product/companies-plans-billing.md). A day past the
 * end of the target month falls on its last day (Jan 31 + 1 month = Feb 28 or 29), so a
 * monthly company due on the 31st is never pushed into the month after.
 */
export function advanceDueDate(dueDate: string, recurrence: Recurrence): string {
  const [y, m, d] = dueDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const months = m - 1 + RECURRENCE_MONTHS[recurrence];
  const year = y + Math.floor(months / 12);
  const month = months % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Names already found valid: building a DateTimeFormat to check one costs ~0.4 ms. */
const knownTimeZones = new Set<string>();

/** True for an IANA time zone name this runtime knows ('America/Sao_Paulo', 'UTC'). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  if (knownTimeZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  // Only valid names are kept, and at most 1,000 (Intl also takes any casing of a name).
  if (knownTimeZones.size < 1000) knownTimeZones.add(tz);
  return true;
}
