/**
 * The operator's configuration, parsed once from the environment at start; a missing or
 * malformed value stops the process with a message naming the variable.
 */
import os from 'node:os';
import { z } from 'zod';

const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z
  .object({
    KUBECONFIG: optionalString,
    API_URL: z.url({ message: 'API_URL must be the api base URL, e.g. http://atendo-api:8080' }),
    /** The URL session pods use for the api; defaults to API_URL. */
    SESSION_API_URL: z.url().optional(),
    INTERNAL_TOKEN: z.string().min(16, 'INTERNAL_TOKEN must be at least 16 characters'),
    SESSION_IMAGE: z.string().min(1, 'SESSION_IMAGE is required (the session container image)'),
    /** JSON array; unset = the session program's command from cdk8s (SESSION_COMMAND), [] = the image ENTRYPOINT. */
    SESSION_COMMAND: optionalString,
    NAMESPACE: optionalString,
    POD_NAMESPACE: optionalString,
    LEASE_NAME: z.string().min(1).default('atendo-operator'),
    LEASE_NAMESPACE: optionalString,
    LEASE_DURATION_SECONDS: seconds(15),
    LEASE_RENEW_DEADLINE_SECONDS: seconds(10),
    LEASE_RETRY_PERIOD_SECONDS: seconds(2),
    POD_NAME: optionalString,
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    WORKERS: z.coerce.number().int().min(1).max(64).default(2),
    RESYNC_SECONDS: seconds(300),
    LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).default('info'),
  })
  .refine((env) => env.LEASE_RENEW_DEADLINE_SECONDS < env.LEASE_DURATION_SECONDS, {
    message: 'LEASE_RENEW_DEADLINE_SECONDS must be shorter than LEASE_DURATION_SECONDS',
    path: ['LEASE_RENEW_DEADLINE_SECONDS'],
  });

/** Parsed configuration. */
export interface OperatorConfig {
  /** kubeconfig file; undefined = in-cluster service account. */
  kubeconfig?: string;
  apiUrl: string;
  internalToken: string;
  session: { image: string; apiUrl: string; command?: string[] };
  /** Namespace whose Connections are watched; undefined = all namespaces. */
  namespace?: string;
  lease: {
    name: string;
    namespace: string;
    durationSeconds: number;
    renewDeadlineMs: number;
    retryPeriodMs: number;
  };
  identity: string;
  metricsPort: number;
  workers: number;
  resyncMs: number;
  logLevel: string;
}

/** Parses `env` (process.env in main.ts); throws an Error listing every invalid variable. */
export function loadConfig(env: Record<string, string | undefined>): OperatorConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid operator configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  let command: string[] | undefined;
  if (e.SESSION_COMMAND !== undefined) {
    const value: unknown = JSON.parse(e.SESSION_COMMAND);
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
      throw new Error('Invalid operator configuration:\n  SESSION_COMMAND: must be a JSON array of strings');
    }
    command = value;
  }
  return {
    kubeconfig: e.KUBECONFIG,
    apiUrl: e.API_URL,
    internalToken: e.INTERNAL_TOKEN,
    session: { image: e.SESSION_IMAGE, apiUrl: e.SESSION_API_URL ?? e.API_URL, ...(command ? { command } : {}) },
    namespace: e.NAMESPACE,
    lease: {
      name: e.LEASE_NAME,
      namespace: e.LEASE_NAMESPACE ?? e.POD_NAMESPACE ?? e.NAMESPACE ?? 'default',
      durationSeconds: e.LEASE_DURATION_SECONDS,
      renewDeadlineMs: e.LEASE_RENEW_DEADLINE_SECONDS * 1000,
      retryPeriodMs: e.LEASE_RETRY_PERIOD_SECONDS * 1000,
    },
    identity: e.POD_NAME ?? `${os.hostname()}-${process.pid}`,
    metricsPort: e.METRICS_PORT,
    workers: e.WORKERS,
    resyncMs: e.RESYNC_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
  };
}
