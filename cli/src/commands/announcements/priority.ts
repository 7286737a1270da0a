import { InvalidArgumentError } from 'commander';
import { ANNOUNCEMENT_PRIORITIES } from '@atendo/domain';

/** What the domain's priorities 1, 2 and 3 mean (the console's Alta, Média, Baixa). */
export const PRIORITY_NAMES: Record<(typeof ANNOUNCEMENT_PRIORITIES)[number], string> = {
  1: 'high',
  2: 'medium',
  3: 'low',
};

/** A priority as the tables show it: "high (1)"; an unknown number as itself. */
export function priorityLabel(priority: number): string {
  const name = PRIORITY_NAMES[priority as keyof typeof PRIORITY_NAMES];
  return name ? `${name} (${priority})` : String(priority);
}

/** Commander parser for `--priority`: 1, 2, 3 or high, medium, low, in any case. */
export function priorityOption(value: string): number {
  const wanted = value.trim().toLowerCase();
  const found = ANNOUNCEMENT_PRIORITIES.find(
    (p) => String(p) === wanted || PRIORITY_NAMES[p] === wanted,
  );
  if (found === undefined)
    throw new InvalidArgumentError('expected high, medium or low (or 1, 2, 3; 1 is high)');
  return found;
}
