import { describe, expect, it } from 'vitest';
import {
  defaultSchedules,
  greetingFor,
  isWithinSchedule,
  isWithinWorkHours,
  localClock,
} from './business-hours.js';

// 2026-11-23 is a Monday. 11:30 UTC is 08:30 in São Paulo (UTC-3) and 20:30 in Tokyo.
const mondayMorningSp = new Date('2026-11-23T11:30:00Z');

describe('business hours in the company timezone', () => {
  it('reads the local weekday and time of the zone, not the server clock', () => {
    expect(localClock(mondayMorningSp, 'America/Sao_Paulo')).toMatchObject({
      weekday: 'monday',
      minutes: 8 * 60 + 30,
    });
    expect(localClock(mondayMorningSp, 'Asia/Tokyo')).toMatchObject({
      weekday: 'monday',
      minutes: 20 * 60 + 30,
    });
    // 02:00 UTC on Monday is still Sunday evening in São Paulo.
    expect(localClock(new Date('2026-11-23T02:00:00Z'), 'America/Sao_Paulo').weekday).toBe(
      'sunday',
    );
  });

  it('is open inside slot A or B of that day, closed in the lunch gap and at night', () => {
    const week = defaultSchedules();
    expect(isWithinSchedule(week, mondayMorningSp, 'America/Sao_Paulo')).toBe(true);
    expect(isWithinSchedule(week, new Date('2026-11-23T15:30:00Z'), 'America/Sao_Paulo')).toBe(
      false,
    ); // 12:30
    expect(isWithinSchedule(week, new Date('2026-11-23T16:30:00Z'), 'America/Sao_Paulo')).toBe(
      true,
    ); // 13:30
    expect(isWithinSchedule(week, mondayMorningSp, 'Asia/Tokyo')).toBe(false); // 20:30
    expect(isWithinSchedule([], mondayMorningSp, 'America/Sao_Paulo')).toBe(false);
  });

  it('checks a user work window, including one that crosses midnight', () => {
    expect(isWithinWorkHours('08:00', '18:00', mondayMorningSp, 'America/Sao_Paulo')).toBe(true);
    expect(isWithinWorkHours('09:00', '18:00', mondayMorningSp, 'America/Sao_Paulo')).toBe(false);
    expect(isWithinWorkHours('22:00', '09:00', mondayMorningSp, 'America/Sao_Paulo')).toBe(true);
    expect(isWithinWorkHours(null, null, mondayMorningSp, 'America/Sao_Paulo')).toBe(true);
  });

  it('greets by the local hour', () => {
    expect(greetingFor(mondayMorningSp, 'America/Sao_Paulo')).toBe('Bom dia');
    expect(greetingFor(new Date('2026-11-23T17:00:00Z'), 'America/Sao_Paulo')).toBe('Boa tarde');
    expect(greetingFor(mondayMorningSp, 'Asia/Tokyo')).toBe('Boa noite');
  });
});
