/** Business-hours rules, always evaluated in the company's timezone (docs/product/inbound.md#business-hours). */

export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';

export const WEEKDAYS_EN = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type WeekdayEn = (typeof WEEKDAYS_EN)[number];

/** One weekday's working hours: two slots, A and B, as HH:MM. */
export interface ScheduleEntry {
  weekday?: string;
  weekdayEn: WeekdayEn | string;
  startTimeA?: string | null;
  endTimeA?: string | null;
  startTimeB?: string | null;
  endTimeB?: string | null;
}

const WEEKDAY_LABELS_PT: Record<WeekdayEn, string> = {
  sunday: 'Domingo',
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
};

/** The default week: 08:00-12:00 and 13:00-18:00 every day (docs/product/connections.md#connection-fields). */
export function defaultSchedules(): Required<ScheduleEntry>[] {
  return (
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
  ).map((day) => ({
    weekday: WEEKDAY_LABELS_PT[day],
    weekdayEn: day,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  }));
}

/** The weekday and minutes-since-midnight of `at` in `timeZone`. */
export function localClock(
  at: Date,
  timeZone: string,
): { weekday: WeekdayEn; minutes: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = Number(get('hour')) % 24;
  return {
    weekday: get('weekday').toLowerCase() as WeekdayEn,
    minutes: hour * 60 + Number(get('minute')),
    hour,
  };
}

/** Minutes since midnight of "HH:MM", or null when empty or malformed. */
export function parseHHMM(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

function inSlot(minutes: number, start?: string | null, end?: string | null): boolean {
  const s = parseHHMM(start);
  const e = parseHHMM(end);
  if (s === null || e === null) return false;
  return minutes >= s && minutes < e;
}

/** True when `at` falls inside slot A or B of that weekday's entry, in the company's timezone. */
export function isWithinSchedule(
  schedules: ScheduleEntry[],
  at: Date,
  timeZone = DEFAULT_TIMEZONE,
): boolean {
  const { weekday, minutes } = localClock(at, timeZone);
  const today = schedules.find((s) => s.weekdayEn === weekday);
  if (!today) return false;
  return (
    inSlot(minutes, today.startTimeA, today.endTimeA) ||
    inSlot(minutes, today.startTimeB, today.endTimeB)
  );
}

/**
 * True when `at` lies within a user's startWork–endWork ("HH:MM", inclusive of the end
 * minute as the default 23:59 implies), in the company's timezone.
 */
export function isWithinWorkHours(
  startWork: string | null | undefined,
  endWork: string | null | undefined,
  at: Date,
  timeZone = DEFAULT_TIMEZONE,
): boolean {
  const s = parseHHMM(startWork) ?? 0;
  const e = parseHHMM(endWork) ?? 23 * 60 + 59;
  const { minutes } = localClock(at, timeZone);
  if (s <= e) return minutes >= s && minutes <= e;
  return minutes >= s || minutes <= e; // a shift that crosses midnight
}

/** "Bom dia" / "Boa tarde" / "Boa noite" by the company's local hour (docs/product/overview.md#message-variables). */
export function greetingFor(at: Date, timeZone = DEFAULT_TIMEZONE): string {
  const { hour } = localClock(at, timeZone);
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}
