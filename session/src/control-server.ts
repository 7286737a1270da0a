import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BufferJSON,
  type AnyMessageContent,
  type MiscMessageGenerationOptions,
  type proto,
} from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { OutboundMedia } from './internal-api.js';
import { LruMap } from './lru.js';
import { lidOf, numberOf } from './map-message.js';
import { contentFor, jidOf, quotedFor, sendSchema, targetSchema } from './outbound.js';

/** The part of the Baileys socket the control server uses (tests pass a small object). */
export interface ControlSocket {
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<{ key: { id?: string | null }; message?: proto.IMessage | null } | undefined>;
  onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  profilePictureUrl(jid: string, type?: 'preview' | 'image'): Promise<string | undefined>;
  /** The LID WhatsApp gave for a phone jid, when known. */
  lidForJid?(jid: string): Promise<string | null>;
}

export interface ControlDeps {
  /** The secret the api presents (Authorization: Bearer). */
  controlKey: string;
  /** The connection status /health reports. */
  status(): string;
  /** The live socket; null while not connected (calls answer 503). */
  socket(): ControlSocket | null;
  /** The phone's contacts the session learnt (none when it keeps no book). */
  contacts?(): { number: string; name: string | null }[];
  /** Fetches outbound media from the api. */
  media(file: string): Promise<OutboundMedia>;
  logout(): Promise<void>;
  logger: Logger;
  /** id → wid of what was sent (idempotency); shared with the session to skip our own echoes. */
  sent?: LruMap<string, Promise<string>>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

const editSchema = z.object({
  wid: z.string().min(1).max(256),
  to: targetSchema,
  body: z.string().max(65_536),
});
const deleteSchema = z.object({ wid: z.string().min(1).max(256), to: targetSchema });
const reactSchema = z.object({
  wid: z.string().min(1).max(256),
  to: targetSchema,
  emoji: z.string().max(32),
  /** Whether the reacted message is ours (default: the customer's). */
  fromMe: z.boolean().default(false),
  /** In groups, who wrote the reacted message. */
  participant: z.string().max(128).nullable().optional(),
});
const numberSchema = z.object({ number: z.string().trim().min(1).max(128) });
/** At most this many numbers per `/check-numbers` call (one USync query on WhatsApp). */
const CHECK_NUMBERS_MAX = 50;
const numbersSchema = z.object({
  /** Digits only, country code first (what the api stores). */
  numbers: z
    .array(z.string().regex(/^\d{1,64}$/))
    .min(1)
    .max(CHECK_NUMBERS_MAX),
  /**
   * Whether to look up each existing number's LID too. Off when the caller does not keep it:
   * on a cache miss Baileys asks WhatsApp for each one (one more query per number).
   */
  lids: z.boolean().default(true),
});

/** Whether two numbers differ by one inserted digit (Brazil's ninth digit, Mexico's 1 after 52…). */
function oneDigitApart(a: string, b: string): boolean {
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1) return false;
  let i = 0;
  while (i < short.length && long[i] === short[i]) i++;
  return long.slice(i + 1) === short.slice(i);
}

/**
 * Which asked number each account onWhatsApp found answers (asked number → the account's jid,
 * or null when it exists but its jid cannot be told apart from others'). Baileys answers the
 * accounts found, by WhatsApp's own jid, without the number asked (which may differ: Brazil's
 * ninth digit), and nothing for numbers without one. Matched: the same number; else one digit
 * apart when that pairs exactly one asked number with one account; else, as many accounts left
 * as numbers left means they all exist (a lone pair is each other's).
 */
function accountsOf(asked: string[], found: { jid: string; exists: boolean }[]) {
  const out = new Map<string, string | null>();
  let open = [...asked];
  let jids = found.filter((f) => f.exists).map((f) => f.jid);
  for (const jid of [...jids]) {
    const n = numberOf(jid);
    if (n && open.includes(n)) {
      out.set(n, jid);
      open = open.filter((a) => a !== n);
      jids = jids.filter((j) => j !== jid);
    }
  }
  const near = (jid: string) => {
    const n = numberOf(jid);
    return n ? open.filter((a) => oneDigitApart(a, n)) : [];
  };
  for (const jid of [...jids]) {
    const [only, ...more] = near(jid);
    if (!only || more.length) continue;
    if (jids.filter((j) => near(j).includes(only)).length !== 1) continue;
    out.set(only, jid);
    open = open.filter((a) => a !== only);
    jids = jids.filter((j) => j !== jid);
  }
  if (jids.length && jids.length === open.length)
    for (const a of open) out.set(a, open.length === 1 ? jids[0]! : null);
  return { accounts: out, unmatched: jids.length === open.length ? 0 : jids.length };
}

const MAX_BODY = 1024 * 1024;

function sameSecret(given: string, expected: string): boolean {
  // Digests first: equal lengths for timingSafeEqual, and no length leak.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'ERR_VALIDATION');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'ERR_VALIDATION');
  }
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const r = schema.safeParse(body);
  if (!r.success) throw new HttpError(400, 'ERR_VALIDATION');
  return r.data;
}

function send(res: http.ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * The session's control server: the api calls it to send, edit, delete and react, to check
 * numbers and fetch profile pictures, and to log out; the pod's probes call /health. Every
 * call but /health presents the control key the session reported with its status.
 */
export function createControlServer(deps: ControlDeps): http.Server {
  // id → wid of what was sent (a promise, so a retry during the send waits for the same one).
  const sent = deps.sent ?? new LruMap<string, Promise<string>>(5000);

  const live = (): ControlSocket => {
    const sock = deps.socket();
    if (!sock) throw new HttpError(503, 'ERR_WAPP_NOT_INITIALIZED');
    return sock;
  };

  const routes: Record<string, (body: unknown) => Promise<[number, unknown?]>> = {
    '/messages': async (body) => {
      const req = parse(sendSchema, body);
      const sock = live();
      let wid = sent.get(req.id);
      // The content WhatsApp got, for the api to keep (retry requests may ask for it later).
      let message: proto.IMessage | null | undefined;
      if (!wid) {
        const jid = jidOf(req.to);
        wid = (async () => {
          const media = req.mediaFile ? await deps.media(req.mediaFile) : null;
          const result = await sock.sendMessage(jid, await contentFor(req, media), {
            messageId: req.id,
            ...(req.quotedWid ? { quoted: quotedFor(jid, req.quotedWid, req.quoted) } : {}),
          });
          message = result?.message;
          return result?.key.id ?? req.id;
        })();
        sent.set(req.id, wid);
        // A failed send may be retried with the same id.
        wid.catch(() => sent.delete(req.id));
      }
      try {
        const answer = await wid;
        return [
          200,
          message
            ? { wid: answer, message: JSON.parse(JSON.stringify(message, BufferJSON.replacer)) }
            : { wid: answer },
        ];
      } catch (err) {
        deps.logger.warn({ err, id: req.id }, 'send failed');
        throw new HttpError(502, 'ERR_SENDING_WAPP_MSG');
      }
    },
    '/messages/edit': async (body) => {
      const req = parse(editSchema, body);
      const sock = live();
      const jid = jidOf(req.to);
      await sock.sendMessage(jid, {
        text: req.body,
        edit: { remoteJid: jid, id: req.wid, fromMe: true },
      });
      return [204];
    },
    '/messages/delete': async (body) => {
      const req = parse(deleteSchema, body);
      const sock = live();
      const jid = jidOf(req.to);
      await sock.sendMessage(jid, { delete: { remoteJid: jid, id: req.wid, fromMe: true } });
      return [204];
    },
    '/messages/react': async (body) => {
      const req = parse(reactSchema, body);
      const sock = live();
      const jid = jidOf(req.to);
      await sock.sendMessage(jid, {
        react: {
          text: req.emoji,
          key: {
            remoteJid: jid,
            id: req.wid,
            fromMe: req.fromMe,
            ...(req.participant ? { participant: req.participant } : {}),
          },
        },
      });
      return [204];
    },
    '/check-number': async (body) => {
      const req = parse(numberSchema, body);
      const sock = live();
      const jid = jidOf({ number: req.number, isGroup: false });
      const [found] = (await sock.onWhatsApp(jid)) ?? [];
      if (!found?.exists) return [200, { exists: false, number: null, lid: null }];
      const lid = await sock.lidForJid?.(found.jid).catch(() => null);
      return [200, { exists: true, number: numberOf(found.jid), lid: lidOf(lid ?? null) }];
    },
    '/check-numbers': async (body) => {
      const req = parse(numbersSchema, body);
      const sock = live();
      const asked = [...new Set(req.numbers)];
      // One call: Baileys asks WhatsApp about every number in one USync query.
      const found = (await sock.onWhatsApp(...asked.map((n) => `${n}@s.whatsapp.net`))) ?? [];
      const { accounts, unmatched } = accountsOf(asked, found);
      if (unmatched)
        deps.logger.warn({ unmatched }, 'check-numbers: accounts not told apart, left as absent');
      const lids = new Map<string, string | null>();
      // One at a time: on a cache miss each look-up is a query to WhatsApp.
      if (req.lids)
        for (const jid of accounts.values())
          if (jid && !lids.has(jid))
            lids.set(jid, lidOf((await sock.lidForJid?.(jid).catch(() => null)) ?? null));
      const results = req.numbers.map((input) => {
        if (!accounts.has(input)) return { input, exists: false, number: null, lid: null };
        const jid = accounts.get(input) ?? null;
        return {
          input,
          exists: true,
          number: jid ? numberOf(jid) : null,
          lid: jid ? (lids.get(jid) ?? null) : null,
        };
      });
      return [200, { results }];
    },
    '/profile-picture': async (body) => {
      const req = parse(numberSchema, body);
      const sock = live();
      const jid = jidOf({ number: req.number, isGroup: false });
      // No picture, privacy settings, unknown number: all just "no picture".
      const url = await sock.profilePictureUrl(jid, 'image').catch(() => undefined);
      return [200, { url: url ?? null }];
    },
    '/contacts': async () => {
      // A connected session only: what it knows of a phone it is not logged in to is stale.
      live();
      return [200, { contacts: deps.contacts?.() ?? [] }];
    },
    '/logout': async () => {
      await deps.logout();
      return [204];
    },
  };

  return http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    void (async () => {
      try {
        if (path === '/health' && req.method === 'GET') {
          send(res, 200, { status: 'ok', connection: deps.status() });
          return;
        }
        const route = routes[path];
        if (!route || req.method !== 'POST') throw new HttpError(404, 'ERR_NOT_FOUND');
        const auth = req.headers.authorization ?? '';
        const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
        if (!token || !sameSecret(token, deps.controlKey))
          throw new HttpError(401, 'ERR_SESSION_EXPIRED');
        const [status, body] = await route(await readJson(req));
        send(res, status, body);
      } catch (err) {
        if (err instanceof HttpError) {
          send(res, err.status, { error: err.code });
          return;
        }
        deps.logger.error({ err, path }, 'control call failed');
        send(res, 500, { error: 'ERR_INTERNAL' });
      }
    })();
  });
}

/** Listens and answers the port actually bound (0 = any free port). */
export async function listen(server: http.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}
