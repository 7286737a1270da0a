import { localClock, parseHHMM } from '../business-hours.js';

/**
 * Campaign delivery rules (docs/product/campaigns.md#delivery) as pure functions: which message a recipient gets,
 * the pause after each send, the sending window and the opt-out words. The worker's activities
 * call them and hand the workflow plain numbers of milliseconds to sleep.
 */

/** Replies that opt a contact out of every future campaign (trimmed, any case). */
export const CAMPAIGN_OPT_OUT_WORDS = ['SAIR', 'STOP', 'PARAR', 'CANCELAR'] as const;

/** How long after the last confirmation request the campaign still waits for answers. */
export const CAMPAIGN_CONFIRMATION_WAIT_MS = 24 * 60 * 60 * 1000;

/**
 * An opt-out word counts only from a number a campaign wrote to within this long: elsewhere
 * 'sair' is the bot menu's exit, not a request to stop campaigns.
 */
export const CAMPAIGN_REPLY_LOOKBACK_MS = 30 * 24 * 60 * 60 * 1000;

/** True when a customer's text is an opt-out word. */
export function isCampaignOptOut(text: string | null | undefined): boolean {
  const t = (text ?? '').trim().toUpperCase();
  return (CAMPAIGN_OPT_OUT_WORDS as readonly string[]).includes(t);
}

/** The non-empty message slots of a campaign (message1..5 or confirmationMessage1..5). */
export function filledSlots(slots: readonly (string | null | undefined)[]): string[] {
  return slots.filter((s): s is string => !!s && s.trim() !== '');
}

/**
 * A message with the campaign settings' custom variables (`{key}` → value) filled in; {nome},
 * {numero} and {email} stay for the recipient's own values.
 */
export function applyCustomVariables(
  text: string,
  variables: readonly { key: string; value: string }[],
): string {
  let out = text;
  for (const v of variables) {
    if (!v.key || ['nome', 'numero', 'email'].includes(v.key)) continue;
    out = out.split(`{${v.key}}`).join(v.value);
  }
  return out;
}

/** A recipient's values of {nome}, {numero} and {email} in a message. */
export function applyRecipientVariables(
  text: string,
  r: { name: string | null; number: string; email: string | null },
): string {
  return text
    .split('{nome}')
    .join(r.name ?? '')
    .split('{numero}')
    .join(r.number)
    .split('{email}')
    .join(r.email ?? '');
}

/** The pacing settings a delivery reads (seconds and message counts, docs/product/campaigns.md#limits-and-defaults). */
export interface CampaignPacing {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
}

/**
 * The pause after the `sent`-th message of a campaign (1-based): messageInterval seconds, or
 * greaterInterval after every longerIntervalAfter messages (never shorter than the usual gap).
 */
export function campaignGapMs(sent: number, p: CampaignPacing): number {
  const longer = p.longerIntervalAfter > 0 && sent > 0 && sent % p.longerIntervalAfter === 0;
  const seconds = longer ? Math.max(p.greaterInterval, p.messageInterval) : p.messageInterval;
  return Math.max(0, seconds) * 1000;
}

/** The sending window: startHour–endHour ("HH:MM") on weekdays, Saturday/Sunday when allowed. */
export interface CampaignWindow {
  startHour: string;
  endHour: string;
  sabado: boolean;
  domingo: boolean;
}

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

function dayAllowed(weekday: string, w: CampaignWindow): boolean {
  if (weekday === 'saturday') return w.sabado;
  if (weekday === 'sunday') return w.domingo;
  return true;
}

/** The window in minutes of the day; start === end means the whole day. */
function bounds(w: CampaignWindow): { start: number; end: number } {
  return { start: parseHHMM(w.startHour) ?? 0, end: parseHHMM(w.endHour) ?? DAY_MINUTES };
}

function inHours(minutes: number, start: number, end: number): boolean {
  if (start === end) return true;
  if (start < end) return minutes >= start && minutes < end;
  return minutes >= start || minutes < end; // a window across midnight
}

/** True when `at` is inside the sending window in `timeZone`. */
export function isInsideCampaignWindow(at: Date, timeZone: string, w: CampaignWindow): boolean {
  const c = localClock(at, timeZone);
  const { start, end } = bounds(w);
  return dayAllowed(c.weekday, w) && inHours(c.minutes, start, end);
}

/**
 * Milliseconds from `now` until the sending window opens in `timeZone` (0 inside it). Jumps to
 * the start hour or the next local midnight and checks again, so a daylight-saving change on
 * the way costs one more step, never a wrong day. Infinity when no day is allowed (never).
 */
export function msUntilCampaignWindow(now: Date, timeZone: string, w: CampaignWindow): number {
  const { start, end } = bounds(w);
  let t = now.getTime();
  // A week and a day of jumps (two per day at most) always reaches an allowed day.
  for (let i = 0; i < 20; i++) {
    const c = localClock(new Date(t), timeZone);
    if (dayAllowed(c.weekday, w) && inHours(c.minutes, start, end)) return t - now.getTime();
    const floor = t - (t % MINUTE);
    t =
      dayAllowed(c.weekday, w) && c.minutes < start
        ? floor + (start - c.minutes) * MINUTE
        : floor + (DAY_MINUTES - c.minutes) * MINUTE;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * Until when (ms since the epoch) sending may go on from `now` without asking again: the end of
 * the window's slot or the next local midnight, whichever comes first (a batch checks one
 * number per send instead of the calendar). `now` itself when outside the window.
 */
export function campaignWindowOpenUntil(now: Date, timeZone: string, w: CampaignWindow): number {
  const c = localClock(now, timeZone);
  const { start, end } = bounds(w);
  const t = now.getTime();
  if (!dayAllowed(c.weekday, w) || !inHours(c.minutes, start, end)) return t;
  const floor = t - (t % MINUTE);
  const endOfSlot = start === end || c.minutes >= end ? DAY_MINUTES : end;
  return floor + (Math.min(endOfSlot, DAY_MINUTES) - c.minutes) * MINUTE;
}

/** The instant the local day of `now` began in `timeZone` (a daily cap's "today"). */
export function localDayStart(now: Date, timeZone: string): Date {
  const c = localClock(now, timeZone);
  const t = now.getTime();
  return new Date(t - (t % MINUTE) - c.minutes * MINUTE);
}

/** Milliseconds from `now` to the next local midnight in `timeZone`. */
export function msUntilNextLocalDay(now: Date, timeZone: string): number {
  const c = localClock(now, timeZone);
  const t = now.getTime();
  return t - (t % MINUTE) + (DAY_MINUTES - c.minutes) * MINUTE - t;
}
