/** The colour of a priority (1 high red, 2 medium amber, 3 low green), in light and dark. */
export const PRIORITY_CLASS: Record<number, string> = {
  1: 'border-l-red-600 dark:border-l-red-500',
  2: 'border-l-amber-500 dark:border-l-amber-400',
  3: 'border-l-emerald-600 dark:border-l-emerald-500',
};

/** The dot beside a priority's name in the admin table. */
export const PRIORITY_DOT: Record<number, string> = {
  1: 'bg-red-600 dark:bg-red-500',
  2: 'bg-amber-500 dark:bg-amber-400',
  3: 'bg-emerald-600 dark:bg-emerald-500',
};

/** The text key of a priority. */
export function priorityKey(
  priority: number,
): 'announcements.priorityHigh' | 'announcements.priorityMedium' | 'announcements.priorityLow' {
  return priority === 1
    ? 'announcements.priorityHigh'
    : priority === 2
      ? 'announcements.priorityMedium'
      : 'announcements.priorityLow';
}
