import { format, isValid, parseISO } from 'date-fns';
import {
  daysUntilDue as daysFromTo,
  isSubscriptionExpired as expiredBy,
  subscriptionWarningDays as warningDaysBy,
} from '@atendo/domain';

/**
 * The domain's subscription rule (docs/product/companies-plans-billing.md#subscription-states)
 * with "today" as this browser's calendar day: the console counts as its user sees the date.
 */
export function todayHere(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

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
  return daysFromTo(dueDate, todayHere(now));
}

/** The subscription has expired when its due date is a day before today. */
export function isSubscriptionExpired(
  dueDate: string | null | undefined,
  now: Date = new Date(),
): boolean {
  return expiredBy(dueDate, todayHere(now));
}

/** Days left when the header should warn (0 to 4), else null. */
export function subscriptionWarningDays(
  dueDate: string | null | undefined,
  now: Date = new Date(),
): number | null {
  return warningDaysBy(dueDate, todayHere(now));
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
