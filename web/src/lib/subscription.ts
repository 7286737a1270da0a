import { format, isValid, parseISO } from 'date-fns';
import { daysUntilDue as daysFromTo } from '@atendo/domain';

/** Days before the due date at which the header warns (docs/product/companies-plans-billing.md: fewer than 5 days). */
export const SUBSCRIPTION_WARNING_DAYS = 5;

/** The company's due date as a local calendar day; null when absent or unreadable. */
export function parseDueDate(dueDate: string | null | undefined): Date | null {
  if (!dueDate) return null;
  const day = parseISO(dueDate.slice(0, 10));
  return isValid(day) ? day : null;
}

/** Whole days from today (this browser's calendar day) until the due date (the domain rule). */
export function daysUntilDue(
  dueDate: string | null | undefined,
  now: Date = new Date(),
): number | null {
  return daysFromTo(dueDate, format(now, 'yyyy-MM-dd'));
}

/** The subscription has expired when its due date is a day before today. */
export function isSubscriptionExpired(
  dueDate: string | null | undefined,
  now: Date = new Date(),
): boolean {
  const days = daysUntilDue(dueDate, now);
  return days !== null && days < 0;
}

/** Days left when the header should warn (0 to 4), else null. */
export function subscriptionWarningDays(
  dueDate: string | null | undefined,
  now: Date = new Date(),
): number | null {
  const days = daysUntilDue(dueDate, now);
  return days !== null && days >= 0 && days < SUBSCRIPTION_WARNING_DAYS ? days : null;
}

/** The due date as the console shows it: dd/MM/yyyy. */
export function formatDueDate(dueDate: string | null | undefined): string {
  const day = parseDueDate(dueDate);
  return day ? format(day, 'dd/MM/yyyy') : '';
}

/** Where a successful login lands: the tickets, or the open-invoice page when expired. */
export function landingAfterLogin(
  dueDate: string | null | undefined,
  now: Date = new Date(),
): '/tickets' | '/financeiro-aberto' {
  return isSubscriptionExpired(dueDate, now) ? '/financeiro-aberto' : '/tickets';
}
