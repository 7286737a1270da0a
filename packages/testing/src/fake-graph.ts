import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Meta Graph API speaking the documented payloads the api uses:
 * WhatsApp Cloud API sends and media (upload, GET /{media-id}, download), the Messenger /
 * Instagram Send API, the long-lived token exchange, a user's pages, page subscriptions,
 * user profiles, and a registry of Cloud API phone numbers (GET /{phone-number-id}, each with
 * its own token) with business-account subscriptions (POST /{waba-id}/subscribed_apps). It records every request (path, query, body, Authorization header) for tests
 * to read, and signs webhooks to post to the api like Meta does. The api's production HTTP
 * code runs unchanged against it (META_GRAPH_URL = its `url`).
 */
export interface GraphRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  /** JSON bodies parsed; multipart fields as text, files as `{ file: name, type, size }`. */
  body: Record<string, unknown> | null;
}

export interface FakePage {
  id: string;
  name: string;
  access_token: string;
  instagram_business_account?: { id: string; username?: string };
}

/** A Cloud API phone number as GET /{phone-number-id} answers it, with the token it accepts. */
export interface FakePhoneNumber {
  display_phone_number: string;
  verified_name: string;
  token: string;
}

export interface FakeGraph {
  url: string;
  /** Cloud API phone numbers by phone-number id: GET /{id} needs the number's token. */
  phoneNumbers: Map<string, FakePhoneNumber>;
  requests: GraphRequest[];
  /** Pages listed by GET /{user-id}/accounts, per user id. */
  pages: Map<string, FakePage[]>;
  /** Profiles answered by GET /{psid}. */
  profiles: Map<string, Record<string, string>>;
  /** Adds a Cloud API media (GET /{id} then the download) and returns its id. */
  addMedia(data: Buffer, mimetype: string): string;
  /** A public file (a Messenger CDN attachment); returns its URL. */
  addCdnFile(data: Buffer, mimetype: string): string;
  /** The bytes uploaded with POST /{phone-number-id}/media, by media id. */
  uploads: Map<string, { data: Buffer; type: string }>;
  /** Answers the next request whose path matches with this status and a Graph error. */
  failNext(path: RegExp, status?: number): void;
  /** Requests whose path matches. */
  sent(path: RegExp): GraphRequest[];
  close(): Promise<void>;
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const requests: GraphRequest[] = [];
  const pages = new Map<string, FakePage[]>();
  const profiles = new Map<string, Record<string, string>>();
  const phoneNumbers = new Map<string, FakePhoneNumber>();
  const media = new Map<string, { data: Buffer; type: string }>();
  const uploads = new Map<string, { data: Buffer; type: string }>();
  const cdn = new Map<string, { data: Buffer; type: string }>();
  const failures: { path: RegExp; status: number }[] = [];
  let seq = 0;
  const id = (prefix: string) => `${prefix}${crypto.randomBytes(12).toString('hex')}${++seq}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, Buffer.concat(chunks)).then(
        ({ status, json, bytes, type }) => {
          if (bytes) {
            res.writeHead(status, { 'Content-Type': type ?? 'application/octet-stream' });
            res.end(bytes);
          } else {
            res.writeHead(status, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify(json));
          }
        },
        (err: unknown) => {
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: { message: String(err), code: 1 } }));
        },
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v20.0`;

  type Answer = { status: number; json?: unknown; bytes?: Buffer; type?: string };
  const graphError = (status: number, message: string, code = 100): Answer => ({
    status,
    json: { error: { message, type: 'OAuthException', code } },
  });

  async function readBody(req: http.IncomingMessage, raw: Buffer) {
    const type = req.headers['content-type'] ?? '';
    if (!raw.length) return null;
    if (type.startsWith('application/json'))
      return JSON.parse(raw.toString()) as Record<string, unknown>;
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': type },
        body: new Uint8Array(raw),
      }).formData();
      const out: Record<string, unknown> = {};
      const files: Record<string, Buffer> = {};
      for (const [k, v] of form.entries()) {
        if (typeof v === 'string') out[k] = v;
        else {
          files[k] = Buffer.from(await v.arrayBuffer());
          out[k] = { file: v.name, type: v.type, size: v.size };
        }
      }
      return Object.assign(out, { [FILES]: files });
    }
    return { raw: raw.toString() };
  }

  async function handle(req: http.IncomingMessage, raw: Buffer): Promise<Answer> {
    const u = new URL(req.url ?? '/', 'http://x');
    const path = u.pathname.replace(/^\/v\d+\.\d+/, '');
    const body = await readBody(req, raw);
    const record: GraphRequest = {
      method: req.method ?? 'GET',
      path,
      query: Object.fromEntries(u.searchParams),
      authorization: req.headers.authorization ?? null,
      body: body ? { ...body } : null,
    };
    requests.push(record);
    const failure = failures.findIndex((f) => f.path.test(path));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return graphError(f!.status, 'Injected failure');
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const parts = path.split('/').filter(Boolean);

    if (parts[0] === 'cdn' && parts[1]) {
      const f = cdn.get(parts[1]);
      return f ? { status: 200, bytes: f.data, type: f.type } : graphError(404, 'No file');
    }
    if (parts[0] === 'download' && parts[1]) {
      const f = media.get(parts[1]);
      if (!bearer) return graphError(401, 'Missing token', 190);
      return f ? { status: 200, bytes: f.data, type: f.type } : graphError(404, 'No media');
    }
    if (path === '/oauth/access_token') {
      const short = u.searchParams.get('fb_exchange_token');
      if (!short || !u.searchParams.get('client_secret')) return graphError(400, 'Bad exchange');
      return {
        status: 200,
        json: { access_token: `long-${short}`, token_type: 'bearer', expires_in: 5_184_000 },
      };
    }
    if (!bearer) return graphError(401, 'An access token is required', 104);
    if (req.method === 'POST' && parts[0] === 'me' && parts[1] === 'messages') {
      const recipient =
        typeof body?.recipient === 'string'
          ? (JSON.parse(body.recipient) as { id: string })
          : (body?.recipient as { id: string } | undefined);
      if (!recipient?.id) return graphError(400, 'No recipient');
      return { status: 200, json: { recipient_id: recipient.id, message_id: id('m_') } };
    }
    if (req.method === 'POST' && parts.length === 2 && parts[1] === 'messages') {
      if (body?.messaging_product !== 'whatsapp') return graphError(400, 'messaging_product');
      const to = String(body.to ?? '');
      return {
        status: 200,
        json: {
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: id('wamid.') }],
        },
      };
    }
    if (req.method === 'POST' && parts.length === 2 && parts[1] === 'media') {
      const files = (body as { [FILES]?: Record<string, Buffer> } | null)?.[FILES];
      const file = files?.file;
      if (!file || body?.messaging_product !== 'whatsapp') return graphError(400, 'No file');
      const mediaId = id('');
      uploads.set(mediaId, { data: file, type: String(body.type ?? '') });
      return { status: 200, json: { id: mediaId } };
    }
    if (req.method === 'POST' && parts.length === 2 && parts[1] === 'subscribed_apps')
      return { status: 200, json: { success: true } };
    if (req.method === 'GET' && parts.length === 2 && parts[1] === 'accounts')
      return { status: 200, json: { data: pages.get(parts[0]!) ?? [], paging: {} } };
    if (req.method === 'GET' && parts.length === 1) {
      const phone = phoneNumbers.get(parts[0]!);
      if (phone) {
        if (phone.token !== bearer)
          return graphError(401, 'Error validating access token: the session is invalid.', 190);
        return {
          status: 200,
          json: {
            id: parts[0],
            display_phone_number: phone.display_phone_number,
            verified_name: phone.verified_name,
          },
        };
      }
      const m = media.get(parts[0]!);
      if (m)
        return {
          status: 200,
          json: {
            messaging_product: 'whatsapp',
            url: `${url.replace(/\/v\d+\.\d+$/, '')}/download/${parts[0]}`,
            mime_type: m.type,
            sha256: crypto.createHash('sha256').update(m.data).digest('hex'),
            file_size: m.data.length,
            id: parts[0],
          },
        };
      const p = profiles.get(parts[0]!);
      if (p) return { status: 200, json: { id: parts[0], ...p } };
      // What Graph answers for an object id it does not know (here: asked as a phone number).
      if (u.searchParams.get('fields')?.includes('display_phone_number'))
        return graphError(
          400,
          `Unsupported get request. Object with ID '${parts[0]}' does not exist`,
          100,
        );
    }
    return graphError(404, `Unknown path ${req.method} ${path}`);
  }

  return {
    url,
    requests,
    pages,
    profiles,
    phoneNumbers,
    uploads,
    addMedia(data, mimetype) {
      const mediaId = id('');
      media.set(mediaId, { data, type: mimetype });
      return mediaId;
    },
    addCdnFile(data, mimetype) {
      const name = id('f');
      cdn.set(name, { data, type: mimetype });
      return `${url.replace(/\/v\d+\.\d+$/, '')}/cdn/${name}`;
    },
    failNext(path, status = 500) {
      failures.push({ path, status });
    },
    sent: (path) => requests.filter((r) => path.test(r.path)),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const FILES = Symbol('files');

/** `sha256=<hex>` of a body with a secret: Meta's X-Hub-Signature-256. */
export function metaSignature(body: string | Buffer, secret: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Posts a webhook to the api as Meta does: JSON, signed with the app secret (`sign: 'good'`),
 * with a signature of another secret (`'bad'`), or without the header (`'none'`).
 */
export async function postWebhook(
  apiUrl: string,
  payload: unknown,
  o: { secret: string; sign?: 'good' | 'bad' | 'none'; path?: string },
): Promise<Response> {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const sign = o.sign ?? 'good';
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (sign !== 'none')
    headers['X-Hub-Signature-256'] = metaSignature(
      body,
      sign === 'good' ? o.secret : `${o.secret}x`,
    );
  return fetch(`${apiUrl}${o.path ?? '/webhook'}`, { method: 'POST', headers, body });
}

/** A Cloud API webhook carrying `messages` and/or `statuses` for one phone-number id. */
export function cloudWebhook(
  phoneNumberId: string,
  value: {
    contacts?: { wa_id: string; profile: { name: string } }[];
    messages?: Record<string, unknown>[];
    statuses?: Record<string, unknown>[];
  },
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** A Cloud API text message from `from` (wa_id digits). */
export function cloudText(o: {
  from: string;
  text: string;
  id?: string;
  name?: string;
  timestamp?: number;
}) {
  const wid = o.id ?? `wamid.IN${crypto.randomBytes(10).toString('hex')}`;
  return {
    contacts: [{ wa_id: o.from, profile: { name: o.name ?? 'Cliente' } }],
    messages: [
      {
        from: o.from,
        id: wid,
        timestamp: String(o.timestamp ?? Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: o.text },
      },
    ],
  };
}

/** A Messenger (`page`) or Instagram webhook with `messaging` events for one account id. */
export function pageWebhook(
  object: 'page' | 'instagram',
  accountId: string,
  messaging: Record<string, unknown>[],
) {
  return { object, entry: [{ id: accountId, time: Date.now(), messaging }] };
}
