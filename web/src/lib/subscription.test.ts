import { describe, expect, it } from 'vitest';
import {
  daysUntilDue,
  formatDueDate,
  isSubscriptionExpired,
  landingAfterLogin,
  subscriptionWarningDays,
} from './subscription';

const now = new Date(2025, 5, 10, 15, 30); // 10 June 2025, afternoon

describe('subscription', () => {
  it('counts calendar days to the due date', () => {
    expect(daysUntilDue('2025-06-10', now)).toBe(0);
    expect(daysUntilDue('2025-06-14', now)).toBe(4);
    expect(daysUntilDue('2025-06-09', now)).toBe(-1);
    expect(daysUntilDue(null, now)).toBeNull();
    expect(daysUntilDue('not a date', now)).toBeNull();
  });

  it('expires only after the due day has passed', () => {
    expect(isSubscriptionExpired('2025-06-10', now)).toBe(false);
    expect(isSubscriptionExpired('2025-06-09', now)).toBe(true);
    expect(isSubscriptionExpired(undefined, now)).toBe(false);
    expect(isSubscriptionExpired('2999-12-31', now)).toBe(false);
  });

  it('warns when fewer than 5 days remain', () => {
    expect(subscriptionWarningDays('2025-06-14', now)).toBe(4);
    expect(subscriptionWarningDays('2025-06-10', now)).toBe(0);
    expect(subscriptionWarningDays('2025-06-15', now)).toBeNull();
    expect(subscriptionWarningDays('2025-06-01', now)).toBeNull();
  });

  it('lands on the tickets, or on the open invoices when expired', () => {
    expect(landingAfterLogin('2025-07-01', now)).toBe('/tickets');
    expect(landingAfterLogin('2025-06-01', now)).toBe('/financeiro-aberto');
    expect(landingAfterLogin(null, now)).toBe('/tickets');
  });

  it('formats the due date as dd/MM/yyyy', () => {
    expect(formatDueDate('2025-06-01')).toBe('01/06/2025');
    expect(formatDueDate('2025-06-01T00:00:00.000Z')).toBe('01/06/2025');
    expect(formatDueDate(null)).toBe('');
  });
});
