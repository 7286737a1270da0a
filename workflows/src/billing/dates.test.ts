import { describe, expect, it } from 'vitest';
import { addDays, calendarDate, isIsoDate } from './dates.js';

describe('billing dates', () => {
  it('reads the calendar date of an instant in a time zone', () => {
    const at = new Date('2031-03-10T02:30:00Z');
    expect(calendarDate(at, 'UTC')).toBe('2031-03-10');
    expect(calendarDate(at, 'America/Sao_Paulo')).toBe('2031-03-09');
  });

  it('moves dates across month and year ends', () => {
    expect(addDays('2031-02-27', 3)).toBe('2031-03-02');
    expect(addDays('2031-01-02', -3)).toBe('2030-12-30');
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2031-03-10')).toBe(true);
    expect(isIsoDate('2031-02-30')).toBe(false);
    expect(isIsoDate('10/03/2031')).toBe(false);
  });
});
