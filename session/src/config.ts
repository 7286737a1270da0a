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
    logLevel: e.ATENDO_LOG_LEVEL,
  };
}
