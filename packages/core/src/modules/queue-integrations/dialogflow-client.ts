import { createHash, createSign } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

/**
 * Why a detect intent gave no answer: `credentials` (the key is not a service account, cannot
 * sign, or Google's token endpoint refused it with a 4xx), `timeout` (a call took longer than
 * INTEGRATION_TIMEOUT_MS), `unreachable` (the connection failed), `status` (a non-2xx from
 * Dialogflow, or a 5xx from the token endpoint), `invalid` (a 2xx whose body is not what the
 * protocol says). `message` carries Google's own error text when it gave one (never the key).
 */
export type DialogflowResult =
  | { ok: true; texts: string[]; intent: string | null; endConversation: boolean }
  | {
      ok: false;
      reason: 'credentials' | 'timeout' | 'unreachable' | 'status' | 'invalid';
      status?: number;
      message?: string;
    };

type Failure = Extract<DialogflowResult, { ok: false }>;

/** What the Dialogflow API is asked with: Google Cloud's scope covers it. */
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** A cached token is renewed this long before Google says it expires. */
const TOKEN_MARGIN_MS = 60_000;
/** At most this many service accounts' tokens are kept (the oldest goes first). */
const TOKEN_CACHE_MAX = 200;
/** Google's error texts are cut to this length before anyone sees them. */
const MESSAGE_MAX = 300;

/** The service-account fields the token exchange needs. */
const serviceAccountSchema = z.object({
  client_email: z.string().trim().min(1),
  private_key: z.string().min(1),
});

/** Google's OAuth token answer. */
const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
  token_type: z.string().optional(),
});

/** The part of Dialogflow ES's DetectIntentResponse this client reads. */
const detectSchema = z.object({
  queryResult: z.object({
    fulfillmentText: z.string().nullish(),
    fulfillmentMessages: z
      .array(z.object({ text: z.object({ text: z.array(z.string()).nullish() }).nullish() }))
      .nullish(),
    intent: z
      .object({ displayName: z.string().nullish(), endInteraction: z.boolean().nullish() })
      .nullish(),
    diagnosticInfo: z.record(z.string(), z.unknown()).nullish(),
  }),
});

/** Access tokens by token url, client email and key hash, until TOKEN_MARGIN_MS before expiry. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

/** Forgets every cached access token (tests that restart their fake Google). */
export function clearDialogflowTokens(): void {
  tokens.clear();
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** The JWT a service account signs to ask for an access token (Google's OAuth 2.0 for servers). */
function signedAssertion(email: string, privateKey: string, audience: string): string {
  const iat = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({ iss: email, scope: SCOPE, aud: audience, iat, exp: iat + 3600 }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(privateKey);
  return `${header}.${claims}.${base64url(signature)}`;
}

/** Google's error text from a body (`{ error: { message } }` or `{ error_description }`). */
function googleMessage(body: unknown): string | undefined {
  const b = body as { error?: unknown; error_description?: unknown } | null;
  const nested = (b?.error as { message?: unknown } | null | undefined)?.message;
  const text =
    typeof nested === 'string'
      ? nested
      : typeof b?.error_description === 'string'
        ? b.error_description
        : typeof b?.error === 'string'
          ? b.error
          : undefined;
  return text ? text.slice(0, MESSAGE_MAX) : undefined;
}

type Call = { ok: true; status: number; body: unknown } | Failure;

/** One HTTP call bounded by INTEGRATION_TIMEOUT_MS; its JSON body (null when it has none). */
async function call(ctx: AppContext, url: string, init: RequestInit): Promise<Call> {
  const signal = AbortSignal.timeout(ctx.config.INTEGRATION_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal });
  } catch (err) {
    return {
      ok: false,
      reason: (err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable',
    };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return { ok: false, reason: 'timeout' };
  }
  return { ok: true, status: res.status, body };
}

/** A valid access token for the service account: cached, else exchanged for a signed JWT. */
async function accessToken(
  ctx: AppContext,
  account: z.infer<typeof serviceAccountSchema>,
): Promise<{ ok: true; token: string; cacheKey: string } | Failure> {
  const tokenUrl = ctx.config.GOOGLE_OAUTH_TOKEN_URL;
  const cacheKey = createHash('sha256')
    .update(`${tokenUrl}\0${account.client_email}\0${account.private_key}`)
    .digest('hex');
  const cached = tokens.get(cacheKey);
  if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now())
    return { ok: true, token: cached.token, cacheKey };
  tokens.delete(cacheKey);

  let assertion: string;
  try {
    assertion = signedAssertion(account.client_email, account.private_key, tokenUrl);
  } catch {
    // Not a PEM private key: the key itself is never echoed.
    return { ok: false, reason: 'credentials', message: 'private_key is not a valid RSA key' };
  }
  const res = await call(ctx, tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion,
    }).toString(),
  });
  if (!res.ok) return res;
  if (res.status >= 400 && res.status < 500)
    return {
      ok: false,
      reason: 'credentials',
      status: res.status,
      message: googleMessage(res.body),
    };
  if (res.status < 200 || res.status >= 300)
    return { ok: false, reason: 'status', status: res.status, message: googleMessage(res.body) };
  const parsed = tokenSchema.safeParse(res.body);
  if (!parsed.success) return { ok: false, reason: 'invalid', status: res.status };
  const expiresAt = Date.now() + (parsed.data.expires_in ?? 3600) * 1000;
  if (tokens.size >= TOKEN_CACHE_MAX) tokens.delete(tokens.keys().next().value!);
  tokens.set(cacheKey, { token: parsed.data.access_token, expiresAt });
  return { ok: true, token: parsed.data.access_token, cacheKey };
}

/** The texts, intent and end-of-conversation flag of a DetectIntentResponse. */
function readAnswer(body: unknown): DialogflowResult {
  const parsed = detectSchema.safeParse(body);
  if (!parsed.success) return { ok: false, reason: 'invalid', status: 200 };
  const q = parsed.data.queryResult;
  const texts = (q.fulfillmentMessages ?? [])
    .flatMap((m) => m.text?.text ?? [])
    .filter((t) => t.trim() !== '');
  if (!texts.length && q.fulfillmentText?.trim()) texts.push(q.fulfillmentText);
  return {
    ok: true,
    texts,
    intent: q.intent?.displayName || null,
    endConversation:
      q.intent?.endInteraction === true || q.diagnosticInfo?.end_conversation === true,
  };
}

/**
 * Dialogflow ES detect intent with the integration's service account: its signed JWT exchanged
 * at GOOGLE_OAUTH_TOKEN_URL for an access token (cached until a minute before it expires), then
 * `POST {DIALOGFLOW_API_URL}/v2/projects/{project}/agent/sessions/{session}:detectIntent` with
 * the text in `language`. Every call is bounded by INTEGRATION_TIMEOUT_MS. Never throws: a
 * failure is a result, logged with its reason and status only — never the key, the token nor
 * Google's body.
 */
export async function detectIntent(
  ctx: AppContext,
  input: {
    jsonContent: string;
    projectName: string;
    language: string;
    sessionId: string;
    text: string;
  },
): Promise<DialogflowResult> {
  const failed = (step: 'key' | 'token' | 'detectIntent', f: Failure): Failure => {
    ctx.logger.warn({ step, reason: f.reason, status: f.status }, 'dialogflow call failed');
    return f;
  };
  let json: unknown;
  try {
    json = JSON.parse(input.jsonContent);
  } catch {
    return failed('key', { ok: false, reason: 'credentials', message: 'The key is not JSON' });
  }
  const account = serviceAccountSchema.safeParse(json);
  if (!account.success)
    return failed('key', {
      ok: false,
      reason: 'credentials',
      message: 'The key lacks client_email or private_key',
    });

  const token = await accessToken(ctx, account.data);
  if (!token.ok) return failed('token', token);

  const base = ctx.config.DIALOGFLOW_API_URL.replace(/\/+$/, '');
  const url =
    `${base}/v2/projects/${encodeURIComponent(input.projectName)}` +
    `/agent/sessions/${encodeURIComponent(input.sessionId)}:detectIntent`;
  const res = await call(ctx, url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      queryInput: { text: { text: input.text, languageCode: input.language } },
    }),
  });
  if (!res.ok) return failed('detectIntent', res);
  if (res.status < 200 || res.status >= 300) {
    // A token Google no longer accepts is not reused.
    if (res.status === 401) tokens.delete(token.cacheKey);
    return failed('detectIntent', {
      ok: false,
      reason: 'status',
      status: res.status,
      message: googleMessage(res.body),
    });
  }
  const answer = readAnswer(res.body);
  return answer.ok ? answer : failed('detectIntent', answer);
}
