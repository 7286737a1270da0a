import { format, isSameDay, parseISO } from 'date-fns';

/** Card texts of the live panel (docs/product/dashboard-and-reports.md /moments). */
export const NAME_LIMIT = 30;
export const NAME_KEEP = 25;
export const MESSAGE_LIMIT = 30;
export const MESSAGE_KEEP = 27;

/** `text` cut to `keep` characters and an ellipsis when longer than `limit`. */
export function truncate(text: string | null | undefined, limit: number, keep: number): string {
  const value = text ?? '';
  return value.length > limit ? `${value.slice(0, keep)}...` : value;
}

/** A contact's name on a card: over 30 characters shows 25. */
export const cardName = (name: string | null | undefined) => truncate(name, NAME_LIMIT, NAME_KEEP);

/** The last message on a card: over 30 characters shows 27. */
export const cardMessage = (text: string | null | undefined) =>
  truncate(text, MESSAGE_LIMIT, MESSAGE_KEEP);

/** The time of a ticket's last activity: HH:mm when today, else dd/MM/yyyy. */
export function cardTime(iso: string, now: Date = new Date()): string {
  const at = parseISO(iso);
  return isSameDay(at, now) ? format(at, 'HH:mm') : format(at, 'dd/MM/yyyy');
}
