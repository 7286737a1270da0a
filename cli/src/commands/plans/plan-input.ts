import type { z } from 'zod';
import { usageError } from '../../errors.js';

const FLAG_OF: Record<string, string> = {
  name: 'NAME',
  users: '--users',
  connections: '--connections',
  queues: '--queues',
  amount: '--amount',
  isPublic: '--public',
};

/** Checks plan input with the shared schema; problems are usage errors naming the option. */
export function checkPlanInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw usageError(
    parsed.error.issues
      .map((i) => {
        const field = String(i.path[0] ?? '');
        const message =
          field === 'amount' ? 'expected an amount such as 49.90 or 49,90' : i.message;
        return `${FLAG_OF[field] ?? `--${field}`}: ${message}`;
      })
      .join('; '),
  );
}
