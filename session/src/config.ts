import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * The session's whole configuration: its own variables only (the runtime gives it nothing
 * else, and it needs nothing else; see LocalProcessRuntime's allowlist).
 */
const envSchema = z.object({
  ATENDO_API_URL: z.url({ message: 'ATENDO_API_URL must be the api base URL' }),
  ATENDO_CONNECTION_ID: z.coerce.number().int().positive(),
  ATENDO_COMPANY_ID: z.coerce.number().int().positive(),
  ATENDO_SESSION_TOKEN: z.string().min(1, 'ATENDO_SESSION_TOKEN is required'),
  /** Control server port: 0 = any free port (local child), 8090 in a pod. */
  ATENDO_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  ATENDO_HOST: z.string().min(1).default('127.0.0.1'),
  /** The URL the api calls; defaults to http://<host>:<port actually bound>. */
  ATENDO_ADVERTISE_URL: z.url().optional(),
  /** Overrides Baileys' WhatsApp Web socket URL (tests point it at a dead port). */
  ATENDO_WA_URL: z.url().optional(),
  /** Where inbound events wait for the api (default: <tmp>/atendo-session/<company>-<connection>). */
  ATENDO_SPOOL_DIR: z.string().min(1).optional(),
  /** Inbound media above this size is stored as a note, not downloaded (the api's limit). */
  ATENDO_MAX_MEDIA_MB: z.coerce.number().int().min(1).max(2048).default(64),
  /** Inbound media waiting on disk for the api at most (beyond it: the message with a note). */
  ATENDO_SPOOL_MAX_MB: z.coerce.number().int().min(16).max(65_536).default(512),
  /** How long a SIGTERM waits for queued events and auth writes to reach the api. */
  ATENDO_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /** The WhatsApp Web version to announce ("2.3000.1027934701"), or "latest" to ask at start. */
  ATENDO_WA_VERSION: z
    .string()
    .regex(
      /^(latest|\d+\.\d+\.\d+)$/,
      'ATENDO_WA_VERSION must be "latest" or like 2.3000.1027934701',
    )
    .optional(),
  ATENDO_LOG_LEVEL: z
    .enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'])
    .default('info'),
});

export interface SessionConfig {
  apiUrl: string;
  connectionId: number;
  companyId: number;
  sessionToken: string;
  port: number;
  host: string;
  advertiseUrl?: string;
  waUrl?: string;
  spoolDir: string;
  maxMediaBytes: number;
  spoolMaxBytes: number;
  drainMs: number;
  waVersion?: 'latest' | [number, number, number];
  logLevel: string;
}

/** Parses `env`; throws an Error naming every invalid variable (never echoing the token). */
export function loadConfig(env: Record<string, string | undefined>): SessionConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid session configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    apiUrl: e.ATENDO_API_URL.replace(/\/+$/, ''),
    connectionId: e.ATENDO_CONNECTION_ID,
    companyId: e.ATENDO_COMPANY_ID,
    sessionToken: e.ATENDO_SESSION_TOKEN,
    port: e.ATENDO_PORT,
    host: e.ATENDO_HOST,
    advertiseUrl: e.ATENDO_ADVERTISE_URL?.replace(/\/+$/, ''),
    waUrl: e.ATENDO_WA_URL,
    spoolDir:
      e.ATENDO_SPOOL_DIR ??
      path.join(os.tmpdir(), 'atendo-session', `${e.ATENDO_COMPANY_ID}-${e.ATENDO_CONNECTION_ID}`),
    maxMediaBytes: e.ATENDO_MAX_MEDIA_MB * 1024 * 1024,
    spoolMaxBytes: e.ATENDO_SPOOL_MAX_MB * 1024 * 1024,
    drainMs: e.ATENDO_DRAIN_MS,
    ...(e.ATENDO_WA_VERSION
      ? {
          waVersion:
            e.ATENDO_WA_VERSION === 'latest'
              ? ('latest' as const)
              : (e.ATENDO_WA_VERSION.split('.').map(Number) as [number, number, number]),
        }
      : {}),
    logLevel: e.ATENDO_LOG_LEVEL,
  };
}
