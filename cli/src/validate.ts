import { InvalidArgumentError } from 'commander';
import { isCalendarDay, RECURRENCES, type Recurrence } from '@atendo/domain';

/** True for an IANA time zone this runtime knows (America/Sao_Paulo). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Commander parser for `--due-date`. */
export function dateOption(value: string): string {
  if (!isCalendarDay(value.trim()))
    throw new InvalidArgumentError('expected a date as YYYY-MM-DD, e.g. 2026-01-31');
  return value.trim();
}

/** Commander parser for `--timezone`. */
export function timeZoneOption(value: string): string {
  if (!isTimeZone(value.trim()))
    throw new InvalidArgumentError('expected an IANA time zone, e.g. America/Sao_Paulo');
  return value.trim();
}

/** Commander parser for `--recurrence`, in any case. */
export function recurrenceOption(value: string): Recurrence {
  const upper = value.trim().toUpperCase();
  const found = RECURRENCES.find((r) => r === upper);
  if (!found) throw new InvalidArgumentError(`expected one of ${RECURRENCES.join(', ')}`);
  return found;
}
