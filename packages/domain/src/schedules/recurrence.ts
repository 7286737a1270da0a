/**
 * When a scheduled message's next send is (docs/product/schedules.md#fields Schedule, docs/product/schedules.md#sending-and-recurrence): pure date rules,
 * computed in the company's time zone so the local hour holds across daylight-saving changes.
 *
 * A series is anchored at the send time the user chose (`anchor`); occurrence k lies k steps
 * of `valorIntervalo` units after it:
 * - 1 days and 2 weeks: the same local time, k × n calendar days (× 7) later;
 * - 3 months: the same local time and the anchor's day of month, clamped to the month's last
 *   day (Jan 31 → Feb 28/29 → Mar 31: the clamp never shortens later months);
 * - 4 minutes: k × n minutes later on the clock (no calendar, no business-day rule).
 * tipoDias then moves a computed date that falls on a weekend: 5 to the Friday before, 6 to
 * the Monday after, 4 leaves it. The date the user chose is sent as chosen.
 */

/** The recurrence fields of a schedule. */
export interface ScheduleRecurrence {
  /** 1 days, 2 weeks, 3 months, 4 minutes. */
  intervalo: number;
  valorIntervalo: number;
  /** 4 as is, 5 a weekend date moves to Friday, 6 to Monday. */
  tipoDias: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The local wall clock of instant `t` in `timeZone`, as the UTC instant with those fields. */
function wallOf(t: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(t);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (
    Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour') % 24,
      get('minute'),
      get('second'),
    ) +
    (((t % 1000) + 1000) % 1000)
  );
}

/** The instant whose wall clock in `timeZone` reads `wall` (a gap hour moves forward). */
function instantOf(wall: number, timeZone: string): number {
  const first = wall - (wallOf(wall, timeZone) - wall);
  const offset = wallOf(first, timeZone) - first;
  return wall - offset;
}

/** The wall clock of occurrence `index` before the business-day rule. */
function nominalWall(anchorWall: number, index: number, r: ScheduleRecurrence): number {
  const steps = index * r.valorIntervalo;
  if (r.intervalo === 1) return anchorWall + steps * DAY;
  if (r.intervalo === 2) return anchorWall + steps * 7 * DAY;
  const a = new Date(anchorWall);
  const months = a.getUTCMonth() + steps;
  const year = a.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(a.getUTCDate(), lastDay),
    a.getUTCHours(),
    a.getUTCMinutes(),
    a.getUTCSeconds(),
    a.getUTCMilliseconds(),
  );
}

/** Moves a weekend wall date by tipoDias: 5 to Friday, 6 to Monday, otherwise as is. */
export function applyBusinessDayRule(wall: number, tipoDias: number): number {
  const weekday = new Date(wall).getUTCDay();
  if (weekday !== 0 && weekday !== 6) return wall;
  if (tipoDias === 5) return wall - (weekday === 6 ? 1 : 2) * DAY;
  if (tipoDias === 6) return wall + (weekday === 6 ? 2 : 1) * DAY;
  return wall;
}

/** Occurrence `index` (0 = the anchor itself, sent as chosen) of a series. */
export function scheduleOccurrence(
  anchor: Date,
  index: number,
  r: ScheduleRecurrence,
  timeZone: string,
): Date {
  if (index === 0) return new Date(anchor.getTime());
  if (r.intervalo === 4) return new Date(anchor.getTime() + index * r.valorIntervalo * MINUTE);
  const wall = nominalWall(wallOf(anchor.getTime(), timeZone), index, r);
  return new Date(instantOf(applyBusinessDayRule(wall, r.tipoDias), timeZone));
}

/**
 * The occurrence after occurrence `index`: the first later one that falls after `after` (the
 * send just done, or now). Occurrences the business-day rule lands on an earlier send (a
 * Saturday and a Sunday both moved to Friday) and those missed while the platform was down are
 * passed over: they do not count as sends. Null when the series has no step.
 */
export function nextScheduleOccurrence(o: {
  anchor: Date;
  index: number;
  after: Date;
  recurrence: ScheduleRecurrence;
  timeZone: string;
}): { at: Date; index: number } | null {
  const { anchor, recurrence: r } = o;
  if (r.valorIntervalo <= 0 || ![1, 2, 3, 4].includes(r.intervalo)) return null;
  let index = o.index + 1;
  if (r.intervalo === 4) {
    // Straight to the first minute step after `after`, no walking through an outage.
    const step = r.valorIntervalo * MINUTE;
    index = Math.max(index, Math.floor((o.after.getTime() - anchor.getTime()) / step) + 1);
    return { at: scheduleOccurrence(anchor, index, r, o.timeZone), index };
  }
  for (let guard = 0; guard < 100_000; guard++, index++) {
    const at = scheduleOccurrence(anchor, index, r, o.timeZone);
    if (at.getTime() > o.after.getTime()) return { at, index };
  }
  return null;
}
