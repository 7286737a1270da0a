import { addCalendarDays, calendarDay } from '@atendo/domain';

/**
 * What "today" is for a billing run. `at` is the instant of the run: each company's today is
 * the calendar day of `at` in its own time zone (the domain rule). `today` (YYYY-MM-DD), when
 * given, is every company's today instead: backfills and tests run a chosen day.
 */
export interface BillingClock {
  at: Date;
  today?: string;
}

/** A company's billing day under `clock`. */
export function billingDay(clock: BillingClock, timeZone: string | null | undefined): string {
  return clock.today ?? calendarDay(clock.at, timeZone);
}

/**
 * The latest billing day any company can have under `clock` (UTC+14 is the furthest-ahead
 * zone), so a query can narrow its candidates before the per-company rule decides.
 */
export function latestBillingDay(clock: BillingClock): string {
  return clock.today ?? addCalendarDays(calendarDay(clock.at, 'UTC'), 1);
}
