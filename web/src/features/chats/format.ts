import { format, isSameDay } from 'date-fns';

/** A chat's time in the list: the hour today, else the day. */
export function formatChatTime(value: string | null | undefined, now = new Date()): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return isSameDay(date, now) ? format(date, 'HH:mm') : format(date, 'dd/MM/yyyy');
}

/** A message's time: the day and hour. */
export function formatMessageTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'dd/MM/yyyy HH:mm');
}
