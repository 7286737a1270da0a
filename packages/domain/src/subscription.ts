/**
 * The subscription rule, written once for the api (login, company state), the billing
 * workflow, the console and the CLI (docs/product/companies-plans-billing.md#billing-sweep, docs/product/companies-plans-billing.md, docs/product/companies-plans-billing.md#subscription-states). Dates are calendar
 * days (YYYY-MM-DD); "today" is the calendar day in the company's time zone. Pure and
 * deterministic (no imports beyond two pure modules): Temporal workflow code imports it through
 * `@atendo/domain/subscription`.
 */
import { DEFAULT_TIMEZONE } from './business-hours.js';
import { isTimeZone } from './company-rules.js';

/** Days past the due date from which the company goes inactive and its sessions stop. */
export const OVERDUE_GRACE_DAYS = 3;
/** Days before the due date on which its invoice is issued. */
export const INVOICE_LEAD_DAYS = 20;
/** Days before the due date from which the console warns (fewer than 5 days left). */
export const SUBSCRIPTION_WARNING_DAYS = 5;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The calendar day (YYYY-MM-DD) that `at` falls on in `timeZone` (unknown zones: the default). */
export function calendarDay(at: Date, timeZone: string | null | undefined): string {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** True for a real calendar date written 'YYYY-MM-DD' (not 2031-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

function dayNumber(day: string): number | null {
  const iso = day.slice(0, 10);
  if (!ISO_DATE.test(iso)) return null;
  const ms = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(ms) ? null : Math.round(ms / DAY_MS);
}

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
export function addCalendarDays(day: string, days: number): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole calendar days from `today` to the due date: 0 on the day, negative once past; null without one. */
export function daysUntilDue(dueDate: string | null | undefined, today: string): number | null {
  if (!dueDate) return null;
  const due = dayNumber(dueDate);
  const now = dayNumber(today);
  return due === null || now === null ? null : due - now;
}

/** Expired: the due date is before today (the console sends its users to /financeiro-aberto). */
export function isSubscriptionExpired(dueDate: string | null | undefined, today: string): boolean {
  const days = daysUntilDue(dueDate, today);
  return days !== null && days < 0;
}

/** Overdue: OVERDUE_GRACE_DAYS or more days past due; billing switches the company off. */
export function isSubscriptionOverdue(dueDate: string | null | undefined, today: string): boolean {
  const days = daysUntilDue(dueDate, today);
  return days !== null && days <= -OVERDUE_GRACE_DAYS;
}

/** Days left while the console should warn (0 to SUBSCRIPTION_WARNING_DAYS - 1), else null. */
export function subscriptionWarningDays(
  dueDate: string | null | undefined,
  today: string,
): number | null {
  const days = daysUntilDue(dueDate, today);
  return days !== null && days >= 0 && days < SUBSCRIPTION_WARNING_DAYS ? days : null;
}

/** Whether the invoice of `dueDate` is due to be issued by `today`. */
export function isInvoiceDue(dueDate: string | null | undefined, today: string): boolean {
  const days = daysUntilDue(dueDate, today);
  return days !== null && days <= INVOICE_LEAD_DAYS;
}
