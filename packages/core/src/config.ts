import { isIP } from 'node:net';
import { HOURS_CLOSE_TICKETS_AUTO_DEFAULT } from '@atendo/domain';
import { z } from 'zod';

/** The names Express's `trust proxy` knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, `address/prefix` or `address/netmask` as proxy-addr reads it, or a range name. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * TRUST_PROXY as Express's `trust proxy` takes it: `true`/`false`, a hop count, or a list of
 * trusted proxy addresses. A typo here would make Express throw at start or, worse, trust the
 * wrong peer, so it is checked with the rest of the configuration.
 */
const trustProxy = z
  .string()
  .default('loopback')
  .transform((value, ctx): boolean | number | string[] => {
    const v = value.trim();
    if (v === 'true' || v === 'false') return v === 'true';
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `not an address, CIDR range, hop count or loopback/linklocal/uniquelocal: ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Process configuration, parsed once at start; nothing else reads process.env. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * The role that runs migrations when it differs from DATABASE_URL's (which then needs no
   * DDL rights); unset: DATABASE_URL migrates too.
   */
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  /** Where the embedded PostgreSQL keeps its data when DATABASE_URL is unset. */
  DATA_DIR: z.string().default('.atendo'),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(5433),
  TEMPORAL_ADDRESS: z.string().optional(),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  JWT_SECRET: z.string().min(16).optional(),
  JWT_REFRESH_SECRET: z.string().min(16).optional(),
  ACCESS_TOKEN_TTL: z.string().default('15m'),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(7),
  /** How long a just-rotated refresh token still refreshes (tabs refreshing at once), in ms. */
  REFRESH_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * How long the api keeps a caller and their user view between requests, at most (ms; 0 turns
   * the cache off). Any committed change to them drops them at once (db/tenant-cache.ts).
   * Unset: 10 s, and off under NODE_ENV=test, whose tests write behind the api's back.
   */
  TENANT_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).optional(),
  /**
   * Check every answer PostgreSQL builds as JSON (the ticket and message lists) against its
   * route's response schema before sending it. Unset: on under NODE_ENV=test, off otherwise.
   */
  CHECK_SQL_JSON: z.enum(['true', 'false']).optional(),
  /**
   * On SIGTERM, how long requests already inside may take to finish before the api closes
   * (docs/operations.md#stopping-and-rolling): inside the pod's 30 s grace with the preStop pause.
   */
  API_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
  /**
   * Check every socket push against its declaration in packages/contract/src/realtime.ts before
   * sending it (docs/product/realtime.md#events). Unset: on under NODE_ENV=test, off otherwise.
   */
  CHECK_REALTIME: z.enum(['true', 'false']).optional(),
  FRONTEND_URL: z.string().default('http://localhost:3000'),
  /** Extra allowed CORS origins, comma-separated. */
  CORS_ORIGINS: z.string().default(''),
  ADMIN_EMAIL: z.string().email().default('admin@atendo.local'),
  ADMIN_PASSWORD: z.string().min(5).default('admin123'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The proxies (ingress controllers, load balancers) whose X-Forwarded-For the api believes:
   * the client's address — what the login budgets count — is the rightmost address in it that
   * is not one of them. `loopback` by default (a local reverse proxy); `false` ignores the header.
   */
  TRUST_PROXY: trustProxy,
  /** Failed logins per IP and email in a window: past it, that account is refused from that IP. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /**
   * Failed logins per IP in a window, whatever the email, before that IP's attempts are slowed
   * down (one password check at a time, each after a pause): bounds password-hashing work
   * without refusing anyone's correct password.
   */
  LOGIN_IP_RATE_LIMIT: z.coerce.number().int().positive().default(50),
  /** The pause before each attempt past the per-IP budget grows by this much per failure past it. */
  LOGIN_IP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** The longest pause before an attempt past the per-IP budget. */
  LOGIN_IP_MAX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  LOGIN_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  /** Service token for internal endpoints (operator, sessions). */
  INTERNAL_TOKEN: z.string().min(16).optional(),
  SESSION_RUNTIME: z.enum(['local', 'kubernetes', 'none']).default('local'),
  /**
   * Encrypts what sessions entrust to the api (Baileys auth state, control keys) at rest
   * (AES-256-GCM, key stretched with HKDF; at least 32 characters). Unset: derived from the
   * JWT secret, so the embedded default needs nothing. Changing it asks every session for a
   * new QR code.
   */
  SESSION_AUTH_KEY: z.string().min(32).optional(),
  /** The session program run per connection in local mode. */
  SESSION_ENTRY: z.string().default('session/src/main.ts'),
  /** Kubernetes mode: kubeconfig file (in-cluster service account when unset) and namespace. */
  KUBECONFIG: z.string().optional(),
  KUBERNETES_NAMESPACE: z.string().default('atendo'),
  APP_VERSION: z.string().default('0.1.0'),
  /** A CNPJ lookup service speaking the ReceitaWS protocol (GET {url}/{cnpj}). */
  CNPJ_LOOKUP_URL: z.string().url().default('https://receitaws.com.br/v1/cnpj'),
  CNPJ_LOOKUP_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  /**
   * Seed the demo tenant on start, once: `true` the whole demo (accounts in every queue, a
   * connection, three conversations), `accounts` its admin and agent only (tests), `false`
   * none. Unset: the whole demo, except in production.
   */
  SEED_DEMO: z.enum(['true', 'false', 'accounts']).optional(),
  /** Run pending migrations when the api starts. */
  MIGRATE_ON_START: z.enum(['true', 'false']).default('true'),
  /** Requests a minute each connection's token may make on the messages API. */
  MESSAGES_API_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  /** How long without a userStatus heartbeat before a user shows offline. */
  PRESENCE_STALE_MS: z.coerce.number().int().positive().default(360_000),
  /**
   * Open tickets with nothing said either side for this many hours close by themselves
   * (docs/product/tickets.md#limits-and-constants, an environment default): the ticket timers' ceiling. The default (999999999) and 0 mean
   * never.
   */
  HOURS_CLOSE_TICKETS_AUTO: z.coerce
    .number()
    .int()
    .min(0)
    .default(HOURS_CLOSE_TICKETS_AUTO_DEFAULT),
  /** How often an api process folds the ticket tab totals' deltas (tickets/ticket-counts.ts). */
  TICKET_COUNTS_COMPACT_MS: z.coerce.number().int().positive().default(10_000),
  UPLOAD_DIR: z.string().default('.atendo/public'),
  /** Uploads only their company reads (message media); default: `private` beside UPLOAD_DIR. */
  PRIVATE_UPLOAD_DIR: z.string().optional(),
  /** The built console (`vite build` output) to serve on the api's origin; unset: api only. */
  CONSOLE_DIR: z.string().optional(),
  /** The Meta Graph API (Cloud API, Messenger, Instagram), version included; tests point it at a fake. */
  META_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v20.0'),
  /** The Meta app's secret: signs every webhook POST (X-Hub-Signature-256); unset refuses them all. */
  META_APP_SECRET: z.string().min(1).optional(),
  /** The app's id, with META_APP_SECRET, for the long-lived token exchange of POST /facebook. */
  META_APP_ID: z.string().min(1).optional(),
  /** What Meta echoes on webhook verification (GET /webhook); unset answers every check 403. */
  META_VERIFY_TOKEN: z.string().min(1).optional(),
  /** How long one Graph call may take before it counts as failed, in ms. */
  META_GRAPH_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /**
   * Audio transcription services (OpenAI-compatible `POST …/audio/transcriptions`): the base
   * URLs of OpenAI (`{url}/v1/audio/transcriptions`) and Groq
   * (`{url}/openai/v1/audio/transcriptions`); tests point them at a local fake.
   */
  TRANSCRIPTION_OPENAI_URL: z.string().url().default('https://api.openai.com'),
  TRANSCRIPTION_GROQ_URL: z.string().url().default('https://api.groq.com'),
  /** How long one transcription call may take before it counts as failed, in ms. */
  TRANSCRIPTION_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /**
   * AI prompts (issue 25 §1): the OpenAI-compatible chat completions service, called as
   * `POST {url}/v1/chat/completions` with the prompt's own key; another OpenAI-compatible
   * provider, or a local fake in tests, by changing the base URL.
   */
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com'),
  /** How long one chat completion may take before it counts as failed, in ms. */
  OPENAI_CHAT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * Azure Speech's text-to-speech host for a prompt's voice replies, `{region}` standing for the
   * prompt's `voiceRegion` (`POST {url}/cognitiveservices/v1`, SSML in, Ogg/Opus out); a local
   * fake in tests.
   */
  AZURE_SPEECH_URL: z.string().url().default('https://{region}.tts.speech.microsoft.com'),
  /** How long one speech synthesis may take before the reply goes as text, in ms. */
  AZURE_SPEECH_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** The model of a prompt that names none. */
  OPENAI_DEFAULT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /**
   * How many prompt answers one api process computes at once (each waits on the provider up
   * to OPENAI_CHAT_TIMEOUT_MS); more wait in the outbox, durably, for a free slot.
   */
  BOT_PROMPT_CONCURRENCY: z.coerce.number().int().positive().default(8),
  /**
   * Chatbot integrations (issue 25 §2): how long one call to a Typebot, n8n or webhook url or
   * to Dialogflow may take before the ticket is left for a human, in ms.
   */
  INTEGRATION_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /**
   * How many integration turns one api process runs at once; more wait in the outbox, durably,
   * for a free slot.
   */
  BOT_INTEGRATION_CONCURRENCY: z.coerce.number().int().positive().default(8),
  /**
   * Dialogflow ES: the API host (`POST {url}/v2/projects/{project}/agent/sessions/{session}:detectIntent`)
   * and Google's OAuth token endpoint the service account's signed JWT is exchanged at; tests
   * point both at a local fake.
   */
  DIALOGFLOW_API_URL: z.string().url().default('https://dialogflow.googleapis.com'),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  /**
   * Pix payments (the checkout): the provider is Mercado Pago, spoken through its documented
   * REST api (POST /v1/payments with payment_method_id 'pix', GET /v1/payments/{id}) under
   * this base URL; tests point it at a local fake.
   */
  MERCADOPAGO_API_URL: z.string().url().default('https://api.mercadopago.com'),
  /** The account's access token (bearer of every provider call); unset: checkout refused. */
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  /** The webhook's secret signature (x-signature HMAC key); unset: every webhook is refused. */
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Public URL of POST /subscription/webhook sent as each charge's notification_url; unset: the one set in the provider's panel. */
  PAYMENT_WEBHOOK_URL: z.string().url().optional(),
  /** How long one provider call may take, in ms. */
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
});

export type Config = z.infer<typeof schema>;

/** Parses the environment; exits with a clear message when a variable is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
