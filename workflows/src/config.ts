import { z } from 'zod';
import { DEFAULT_BILLING_TIME_ZONE } from './shared.js';

/** Worker configuration, parsed once at start; nothing else reads process.env. */
const schema = z.object({
  TEMPORAL_ADDRESS: z.string().min(1).default('localhost:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  DATABASE_URL: z
    .string({ error: 'DATABASE_URL is required (postgres://user:pass@host:port/db)' })
    .url(),
  /** Time zone of the billing calendar: what "today" is and when the daily sweep runs. */
  BILLING_TIME_ZONE: z
    .string()
    .default(DEFAULT_BILLING_TIME_ZONE)
    .refine(isTimeZone, 'Unknown IANA time zone'),
  /** Hour of the day (in BILLING_TIME_ZONE) at which the billing sweep runs. */
  BILLING_HOUR: z.coerce.number().int().min(0).max(23).default(3),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * On SIGTERM, how long activities already running may take to finish before they are cancelled
   * (docs/operations.md#stopping-and-rolling): inside the pod's 30 s grace. A cancelled attempt is retried by
   * Temporal on another worker; sends are idempotent, so nothing goes out twice.
   */
  WORKER_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
  /**
   * How often the worker re-runs its resume pass (docs/operations.md#durable-processes): what the
   * api could not start while Temporal was down starts within this long of Temporal answering
   * again. 0: only at worker start.
   */
  RESUME_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
});

export type WorkerConfig = z.infer<typeof schema>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Parses the environment; throws one readable message listing every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid worker configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
