import { describe, expect, it } from 'vitest';
import {
  nextScheduleOccurrence,
  scheduleOccurrence,
  type ScheduleRecurrence,
} from './recurrence.js';

const SP = 'America/Sao_Paulo';
const monthly: ScheduleRecurrence = { intervalo: 3, valorIntervalo: 1, tipoDias: 4 };
const iso = (d: Date | undefined) => d?.toISOString();

describe('schedule recurrence dates', () => {
  it('monthly keeps the anchor day clamped to each month end, at the same local hour', () => {
    // 2027-01-31 10:00 in São Paulo (UTC-3).
    const anchor = new Date('2027-01-31T13:00:00Z');
    const dates = [1, 2, 3, 13].map((k) => iso(scheduleOccurrence(anchor, k, monthly, SP)));
    expect(dates).toEqual([
      '2027-02-28T13:00:00.000Z',
      '2027-03-31T13:00:00.000Z',
      '2027-04-30T13:00:00.000Z',
      '2028-02-29T13:00:00.000Z', // a leap year keeps the 29th
    ]);
  });

  it('days and weeks keep the local hour across a daylight-saving change', () => {
    const ny = 'America/New_York';
    // 2026-03-07 09:00 EST; the clocks move forward on 2026-03-08.
    const anchor = new Date('2026-03-07T14:00:00Z');
    const daily = { intervalo: 1, valorIntervalo: 1, tipoDias: 4 };
    expect(iso(scheduleOccurrence(anchor, 1, daily, ny))).toBe('2026-03-08T13:00:00.000Z');
    const weekly = { intervalo: 2, valorIntervalo: 2, tipoDias: 4 };
    expect(iso(scheduleOccurrence(anchor, 1, weekly, ny))).toBe('2026-03-21T13:00:00.000Z');
  });

  it('tipoDias moves a weekend date to the Friday before (5) or the Monday after (6); 4 keeps it', () => {
    // Saturday 2026-11-28 09:00 in São Paulo, weekly: the next one is Saturday 2026-12-05.
    const anchor = new Date('2026-11-28T12:00:00Z');
    const weekly = (tipoDias: number) => ({ intervalo: 2, valorIntervalo: 1, tipoDias });
    expect(iso(scheduleOccurrence(anchor, 1, weekly(4), SP))).toBe('2026-12-05T12:00:00.000Z');
    expect(iso(scheduleOccurrence(anchor, 1, weekly(5), SP))).toBe('2026-12-04T12:00:00.000Z');
    expect(iso(scheduleOccurrence(anchor, 1, weekly(6), SP))).toBe('2026-12-07T12:00:00.000Z');
    // A Sunday: Friday is two days before, Monday one after.
    const sunday = new Date('2026-11-29T12:00:00Z');
    expect(iso(scheduleOccurrence(sunday, 1, weekly(5), SP))).toBe('2026-12-04T12:00:00.000Z');
    expect(iso(scheduleOccurrence(sunday, 1, weekly(6), SP))).toBe('2026-12-07T12:00:00.000Z');
    // The date the user chose is sent as chosen.
    expect(iso(scheduleOccurrence(anchor, 0, weekly(5), SP))).toBe(anchor.toISOString());
  });

  it('the weekend rule uses the local day, not the UTC one', () => {
    // Friday 2026-12-04 22:00 in São Paulo is already Saturday in UTC: not moved.
    const anchor = new Date('2026-11-28T01:00:00Z');
    const weekly = { intervalo: 2, valorIntervalo: 1, tipoDias: 6 };
    expect(iso(scheduleOccurrence(anchor, 1, weekly, SP))).toBe('2026-12-05T01:00:00.000Z');
  });

  it('the next send passes over a weekend moved onto a send already done', () => {
    // Daily from Friday 2026-11-27 10:00; Saturday and Sunday move back to that Friday.
    const anchor = new Date('2026-11-27T13:00:00Z');
    const r = { intervalo: 1, valorIntervalo: 1, tipoDias: 5 };
    expect(
      nextScheduleOccurrence({ anchor, index: 0, after: anchor, recurrence: r, timeZone: SP }),
    ).toEqual({ at: new Date('2026-11-30T13:00:00Z'), index: 3 });
  });

  it('after an outage the next send is the first one still ahead', () => {
    const anchor = new Date('2026-11-23T12:00:00Z');
    const daily = { intervalo: 1, valorIntervalo: 1, tipoDias: 4 };
    const after = new Date('2026-11-25T18:00:00Z');
    expect(
      nextScheduleOccurrence({ anchor, index: 0, after, recurrence: daily, timeZone: SP }),
    ).toEqual({ at: new Date('2026-11-26T12:00:00Z'), index: 3 });
    const minutes = { intervalo: 4, valorIntervalo: 30, tipoDias: 6 };
    expect(
      nextScheduleOccurrence({
        anchor,
        index: 0,
        after: anchor,
        recurrence: minutes,
        timeZone: SP,
      }),
    ).toEqual({ at: new Date('2026-11-23T12:30:00Z'), index: 1 });
    expect(
      nextScheduleOccurrence({ anchor, index: 1, after, recurrence: minutes, timeZone: SP }),
    ).toEqual({ at: new Date('2026-11-25T18:30:00Z'), index: 109 });
  });

  it('a series without a step has no next send', () => {
    const anchor = new Date('2026-11-23T12:00:00Z');
    const r = { intervalo: 1, valorIntervalo: 0, tipoDias: 4 };
    expect(
      nextScheduleOccurrence({ anchor, index: 0, after: anchor, recurrence: r, timeZone: SP }),
    ).toBeNull();
  });
});
