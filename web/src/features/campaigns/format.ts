import { format } from 'date-fns';

/** A campaign time as the console shows it: dd/MM/yyyy HH:mm (empty when unset or unreadable). */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'dd/MM/yyyy HH:mm');
}
