import { PLATFORM_DUE_DATE } from '@atendo/domain';
import { daysUntilDue } from '@/lib/subscription';

/** How a company row is tinted (docs/product/companies-plans-billing.md): due today or past, due in 1 to 5 days, or neither. */
export type DueTone = 'overdue' | 'soon' | 'none';

/** The tint of a row: red at 0 days or past, yellow at 1 to 5, none otherwise or undated. */
export function dueTone(dueDate: string | null | undefined, now: Date): DueTone {
  if (!dueDate || dueDate.slice(0, 10) === PLATFORM_DUE_DATE) return 'none';
  const days = daysUntilDue(dueDate, now);
  if (days === null) return 'none';
  if (days <= 0) return 'overdue';
  return days <= 5 ? 'soon' : 'none';
}

/** Row classes per tone, readable in light and dark mode. */
export const DUE_TONE_CLASS: Record<DueTone, string> = {
  overdue: 'bg-red-100 hover:bg-red-200/70 dark:bg-red-950/60 dark:hover:bg-red-900/60',
  soon: 'bg-yellow-100 hover:bg-yellow-200/70 dark:bg-yellow-950/50 dark:hover:bg-yellow-900/50',
  none: '',
};
