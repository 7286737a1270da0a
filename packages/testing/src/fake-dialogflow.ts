import { createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's Dialogflow ES, speaking the two documented calls the api makes:
 *
 * - the OAuth 2.0 token exchange of a service account (`POST {url}/token`, form body
 *   `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=<JWT>`): the JWT's RS256
 *   signature is verified with the public key of an account the fake knows (see
 *   `newServiceAccount`), its `aud` must be the fake's `tokenUrl`, its `exp` ahead; a refusal is
 *   400 `{ error: 'invalid_grant', error_description }`, as Google answers; accepted, it answers
 *   `{ access_token, expires_in, token_type: 'Bearer' }`;
 * - detect intent (`POST {url}/v2/projects/{project}/agent/sessions/{session}:detectIntent`,
 *   bearer token, JSON `{ queryInput: { text: { text, languageCode } } }`): a token the fake did
 *   not issue is 401 with Google's error body (`UNAUTHENTICATED`), a project it does not know
 *   403 (`PERMISSION_DENIED`), a body without text or language 400 (`INVALID_ARGUMENT`); else a
 *   DetectIntentResponse built from the first rule whose `match` matches the text, or the
 *   fallback intent.
 *
 * Every request is recorded for tests to read; `delay` and `failStatus` make either call slow or
 * failing. The api's production HTTP code runs unchanged against it (DIALOGFLOW_API_URL = `url`,
 * GOOGLE_OAUTH_TOKEN_URL = `tokenUrl`).
 */

/** How the fake answers a text: its intent, messages and whether it ends the conversation. */
export interface DialogflowRule {
  match: RegExp | string;
  intent: string;
  texts: string[];
  /** The intent's `endInteraction` (Dialogflow's "end of conversation" switch). */
  endInteraction?: boolean;
  /** `diagnosticInfo.end_conversation` (what Dialogflow sets for an ending intent). */
  endConversation?: boolean;
  /** Answers the texts only as `fulfillmentText` (no `fulfillmentMessages`). */
  fulfillmentTextOnly?: boolean;
}

/** One token exchange as the fake received it. */
export interface TokenExchangeRequest {
  contentType: string | null;
  grantType: string | null;
  assertion: string | null;
  /** The JWT's decoded header and claims (null when it is not a JWT). */
  header: Record<string, unknown> | null;
  claims: Record<string, unknown> | null;
  /** Whether its RS256 signature verified with the known account's public key. */
  signatureValid: boolean;
  /** What the fake answered. */
  status: number;
}

/** One detect intent as the fake received it. */
export interface DetectIntentRequest {
  path: string;
  project: string;
  session: string;
  authorization: string | null;
  contentType: string | null;
  body: {
    queryInput?: { text?: { text?: string; languageCode?: string } };
  } & Record<string, unknown>;
  /** What the fake answered. */
  status: number;
}

/** A generated service account: its key file as Google gives it, and the matching public key. */
export interface GeneratedServiceAccount {
  /** The JSON key file (what an admin pastes into the integration's `jsonContent`). */
  json: string;
  clientEmail: string;
  projectId: string;
  /** The public key (SPKI PEM) that verifies its signatures. */
  publicKey: string;
}

/**
 * A service-account key file with a freshly generated 2048-bit RSA key, shaped like the ones
 * Google Cloud's console downloads.
 */
export function generateServiceAccount(
  o: { projectId?: string; clientEmail?: string } = {},
): GeneratedServiceAccount {
  const projectId = o.projectId ?? `proj-${randomBytes(4).toString('hex')}`;
  const clientEmail =
    o.clientEmail ?? `bot-${randomBytes(3).toString('hex')}@${projectId}.iam.gserviceaccount.com`;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const json = JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey,
    client_email: clientEmail,
    client_id: String(Date.now()),
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
  });
  return { json, clientEmail, projectId, publicKey };
}

export interface FakeDialogflow {
  /** DIALOGFLOW_API_URL. */
  url: string;
  /** GOOGLE_OAUTH_TOKEN_URL (`{url}/token`). */
  tokenUrl: string;
  tokenRequests: TokenExchangeRequest[];
  detectRequests: DetectIntentRequest[];
  /** The projects detect intent answers for (other projects are 403). */
  projects: Set<string>;
  /** The answers to texts, first match wins (tests change them between cases). */
  rules: DialogflowRule[];
  /** The intent of a text no rule matches. */
  fallback: { intent: string; texts: string[] };
  /** Milliseconds each kind of call waits before answering. */
  delay: { token: number; detect: number };
  /** Answers every call of that kind with this status and Google's error body (null: off). */
  failStatus: { token: number | null; detect: number | null };
  /** The lifetime of the tokens it issues, in seconds. */
  tokenExpiresIn: number;
  /** Knows `account` (verifies its signatures) and its project. */
  trust(account: GeneratedServiceAccount): void;
  /** Generates a service account the fake knows (and its project); returns its key file JSON. */
  newServiceAccount(o?: { projectId?: string; clientEmail?: string }): string;
  /** Forgets every token it issued (later detect intents with them are 401). */
  revokeTokens(): void;
  close(): Promise<void>;
}

const decodePart = (part: string | undefined): Record<string, unknown> | null => {
  if (!part) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const googleError = (code: number, status: string, message: string) => ({
  error: { code, message, status },
});

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

type Answer = { status: number; json: unknown };

export async function startFakeDialogflow(
  o: { projects?: string[] } = {},
): Promise<FakeDialogflow> {
  const accounts = new Map<string, string>();
  const issued = new Set<string>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, Buffer.concat(chunks).toString('utf8')).then(({ status, json }) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(json));
      });
    });
  });

  const wait = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : undefined);

  async function handle(req: http.IncomingMessage, raw: string): Promise<Answer> {
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method === 'POST' && path === '/token') return token(req, raw);
    const m = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/]+):detectIntent$/.exec(path);
    if (req.method === 'POST' && m)
      return detect(req, raw, path, decodeURIComponent(m[1]!), decodeURIComponent(m[2]!));
    return { status: 404, json: googleError(404, 'NOT_FOUND', 'Not found') };
  }

  async function token(req: http.IncomingMessage, raw: string): Promise<Answer> {
    const contentType = req.headers['content-type'] ?? null;
    const form = new URLSearchParams(raw);
    const assertion = form.get('assertion');
    const [h, c, s] = (assertion ?? '').split('.');
    const header = decodePart(h);
    const claims = decodePart(c);
    const publicKey = typeof claims?.iss === 'string' ? accounts.get(claims.iss) : undefined;
    let signatureValid = false;
    if (publicKey && s)
      try {
        signatureValid = createVerify('RSA-SHA256')
          .update(`${h}.${c}`)
          .verify(publicKey, Buffer.from(s, 'base64url'));
      } catch {
        signatureValid = false;
      }
    const record: TokenExchangeRequest = {
      contentType,
      grantType: form.get('grant_type'),
      assertion,
      header,
      claims,
      signatureValid,
      status: 0,
    };
    fake.tokenRequests.push(record);
    const answer = await tokenAnswer(record, !!publicKey);
    record.status = answer.status;
    return answer;
  }

  async function tokenAnswer(r: TokenExchangeRequest, known: boolean): Promise<Answer> {
    await wait(fake.delay.token);
    const refuse = (status: number, error: string, error_description: string) => ({
      status,
      json: { error, error_description },
    });
    if (fake.failStatus.token !== null)
      return refuse(fake.failStatus.token, 'internal_failure', 'Forced failure');
    if (!r.contentType?.startsWith('application/x-www-form-urlencoded'))
      return refuse(400, 'invalid_request', 'Invalid Content-Type');
    if (r.grantType !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return refuse(400, 'unsupported_grant_type', 'Invalid grant_type');
    if (!r.header || !r.claims) return refuse(400, 'invalid_grant', 'Invalid JWT.');
    if (r.header.alg !== 'RS256') return refuse(400, 'invalid_grant', 'Invalid JWT algorithm.');
    if (!known) return refuse(400, 'invalid_grant', 'Invalid grant: account not found');
    if (!r.signatureValid) return refuse(400, 'invalid_grant', 'Invalid JWT Signature.');
    const now = Math.floor(Date.now() / 1000);
    const { aud, exp, iat, scope } = r.claims;
    if (aud !== fake.tokenUrl)
      return refuse(400, 'invalid_grant', 'Invalid JWT: Token must be a short-lived token');
    if (typeof exp !== 'number' || typeof iat !== 'number' || exp <= now || exp - iat > 3600)
      return refuse(
        400,
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
      );
    if (typeof scope !== 'string' || !/cloud-platform|dialogflow/.test(scope))
      return refuse(400, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    const accessToken = `ya29.fake-${randomBytes(16).toString('hex')}`;
    issued.add(accessToken);
    return {
      status: 200,
      json: { access_token: accessToken, expires_in: fake.tokenExpiresIn, token_type: 'Bearer' },
    };
  }

  async function detect(
    req: http.IncomingMessage,
    raw: string,
    path: string,
    project: string,
    session: string,
  ): Promise<Answer> {
    let body: DetectIntentRequest['body'] = {};
    let parsed = true;
    try {
      body = JSON.parse(raw) as DetectIntentRequest['body'];
    } catch {
      parsed = false;
    }
    const record: DetectIntentRequest = {
      path,
      project,
      session,
      authorization: req.headers.authorization ?? null,
      contentType: req.headers['content-type'] ?? null,
      body,
      status: 0,
    };
    fake.detectRequests.push(record);
    const answer = await detectAnswer(record, parsed);
    record.status = answer.status;
    return answer;
  }

  async function detectAnswer(r: DetectIntentRequest, parsed: boolean): Promise<Answer> {
    await wait(fake.delay.detect);
    const forced = fake.failStatus.detect;
    if (forced !== null)
      return {
        status: forced,
        json: googleError(forced, STATUS_NAMES[forced] ?? 'UNKNOWN', 'Forced failure.'),
      };
    const bearer = /^Bearer (.+)$/.exec(r.authorization ?? '')?.[1];
    if (!bearer || !issued.has(bearer))
      return {
        status: 401,
        json: googleError(
          401,
          'UNAUTHENTICATED',
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        ),
      };
    if (!fake.projects.has(r.project))
      return {
        status: 403,
        json: googleError(
          403,
          'PERMISSION_DENIED',
          `IAM permission 'dialogflow.sessions.detectIntent' on 'projects/${r.project}/agent' denied.`,
        ),
      };
    const text = r.body.queryInput?.text?.text;
    const languageCode = r.body.queryInput?.text?.languageCode;
    if (!parsed || typeof text !== 'string' || !text || typeof languageCode !== 'string')
      return {
        status: 400,
        json: googleError(
          400,
          'INVALID_ARGUMENT',
          'Invalid value at query_input: text and language_code are required.',
        ),
      };
    const rule = fake.rules.find((x) =>
      typeof x.match === 'string' ? text.includes(x.match) : x.match.test(text),
    ) ?? { ...fake.fallback, match: '' };
    return {
      status: 200,
      json: {
        responseId: randomUUID(),
        queryResult: {
          queryText: text,
          parameters: {},
          allRequiredParamsPresent: true,
          fulfillmentText: rule.texts[0] ?? '',
          ...(rule.fulfillmentTextOnly
            ? {}
            : { fulfillmentMessages: rule.texts.map((t) => ({ text: { text: [t] } })) }),
          intent: {
            name: `projects/${r.project}/agent/intents/${randomUUID()}`,
            displayName: rule.intent,
            ...(rule.endInteraction ? { endInteraction: true } : {}),
          },
          intentDetectionConfidence: 1,
          ...(rule.endConversation ? { diagnosticInfo: { end_conversation: true } } : {}),
          languageCode,
        },
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const fake: FakeDialogflow = {
    url,
    tokenUrl: `${url}/token`,
    tokenRequests: [],
    detectRequests: [],
    projects: new Set(o.projects ?? []),
    rules: [],
    fallback: { intent: 'Default Fallback Intent', texts: ['Desculpe, não entendi.'] },
    delay: { token: 0, detect: 0 },
    failStatus: { token: null, detect: null },
    tokenExpiresIn: 3599,
    trust(account) {
      accounts.set(account.clientEmail, account.publicKey);
      fake.projects.add(account.projectId);
    },
    newServiceAccount(opts = {}) {
      const account = generateServiceAccount(opts);
      fake.trust(account);
      return account.json;
    },
    revokeTokens() {
      issued.clear();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
