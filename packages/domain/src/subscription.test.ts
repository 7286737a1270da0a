import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  calendarDay,
  daysUntilDue,
  isCalendarDay,
  isInvoiceDue,
  isSubscriptionExpired,
  isSubscriptionOverdue,
  subscriptionWarningDays,
} from './subscription.js';

describe('subscription rule', () => {
  it('counts calendar days to the due date', () => {
    expect(daysUntilDue('2026-03-10', '2026-03-10')).toBe(0);
    expect(daysUntilDue('2026-03-10', '2026-03-01')).toBe(9);
    expect(daysUntilDue('2026-03-01', '2026-02-27')).toBe(2);
    expect(daysUntilDue('2026-03-10T00:00:00.000Z', '2026-03-11')).toBe(-1);
    expect(daysUntilDue(null, '2026-03-11')).toBeNull();
    expect(daysUntilDue('garbage', '2026-03-11')).toBeNull();
  });

  it('expires the day after the due date and is overdue from 3 days past it', () => {
    expect(isSubscriptionExpired('2026-03-10', '2026-03-10')).toBe(false);
    expect(isSubscriptionExpired('2026-03-10', '2026-03-11')).toBe(true);
    expect(isSubscriptionOverdue('2026-03-10', '2026-03-12')).toBe(false);
    expect(isSubscriptionOverdue('2026-03-10', '2026-03-13')).toBe(true);
    expect(isSubscriptionOverdue(null, '2026-03-13')).toBe(false);
  });

  it('warns in the last five days and issues the invoice 20 days before', () => {
    expect(subscriptionWarningDays('2026-03-10', '2026-03-05')).toBeNull();
    expect(subscriptionWarningDays('2026-03-10', '2026-03-06')).toBe(4);
    expect(subscriptionWarningDays('2026-03-10', '2026-03-10')).toBe(0);
    expect(subscriptionWarningDays('2026-03-10', '2026-03-11')).toBeNull();
    expect(isInvoiceDue('2026-03-31', '2026-03-10')).toBe(false);
    expect(isInvoiceDue('2026-03-30', '2026-03-10')).toBe(true);
  });

  it("takes today in the company's time zone, falling back on an unknown one", () => {
    const at = new Date('2026-03-11T01:30:00Z');
    expect(calendarDay(at, 'UTC')).toBe('2026-03-11');
    expect(calendarDay(at, 'America/Sao_Paulo')).toBe('2026-03-10');
    expect(calendarDay(at, 'Mars/Olympus')).toBe('2026-03-10');
    expect(addCalendarDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addCalendarDays('2031-01-02', -3)).toBe('2030-12-30');
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isCalendarDay('2031-03-10')).toBe(true);
    expect(isCalendarDay('2031-02-30')).toBe(false);
    expect(isCalendarDay('10/03/2031')).toBe(false);
  });
});
