import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { NodeCache } from '@cacheable/node-cache';
import {
  Browsers,
  DisconnectReason,
  downloadMediaMessage,
  makeCacheableSignalKeyStore,
  makeWASocket,
  normalizeMessageContent,
  type CacheStore,
  type GroupMetadata,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
  type WASocket,
  type WAVersion,
  type proto,
} from '@whiskeysockets/baileys';
import type { InboundEvent, InboundIdentity, InboundMessage, InboundResult } from '@atendo/domain';
import type { Logger } from 'pino';
import { apiAuthState, type ApiAuthState } from './auth-state.js';
import { HistoryCollector, type HistoryWindow } from './history.js';
import { ContactBook } from './contact-book.js';
import type { ControlSocket } from './control-server.js';
import { InternalApiError, isRetryable as retryable, type InternalApi } from './internal-api.js';
import { LruMap } from './lru.js';
import {
  MEDIA_KINDS,
  lidOf,
  mapCall,
  mapLidMapping,
  mapMessage,
  mapReaction,
  mapReceipt,
  mapUpdate,
  numberOf,
} from './map-message.js';
import { proxyAgent, proxyDispatcher, redactProxy } from './proxy.js';
import { InboundSpool, type SpoolEntry } from './spool.js';
import type { StatusReporter } from './status-reporter.js';

/**
 * The part of Baileys' socket the session uses: what `makeWASocket` returns, and what the
 * tests' fake WhatsApp socket implements (with Baileys' own event shapes).
 */
export type SessionSocket = Pick<
  WASocket,
  | 'ev'
  | 'user'
  | 'end'
  | 'logout'
  | 'sendMessage'
  | 'onWhatsApp'
  | 'profilePictureUrl'
  | 'updateMediaMessage'
  | 'rejectCall'
  | 'groupMetadata'
> & {
  signalRepository: {
    lidMapping: Pick<WASocket['signalRepository']['lidMapping'], 'getLIDForPN' | 'getPNForLID'>;
  };
};

/** Makes a socket from Baileys' config: `makeWASocket`, or the tests' fake. */
export type SocketFactory = (config: UserFacingSocketConfig) => SessionSocket;

/**
 * Why a connection stopped for good (reported with DISCONNECTED; the console tells the admin
 * what to do): the same creds were opened elsewhere, the number is banned or refused, the
 * WhatsApp Web version is too old, or the account's devices do not match.
 */
export type StopReason = 'replaced' | 'banned' | 'refused' | 'outdated' | 'mismatch';

/** Close codes that must not reconnect (a loop would only repeat them, or worse). */
export const STOP_CODES: Record<number, StopReason> = {
  [DisconnectReason.connectionReplaced]: 'replaced', // 440
  [DisconnectReason.forbidden]: 'banned', // 403
  402: 'banned',
  405: 'outdated',
  406: 'refused',
  [DisconnectReason.multideviceMismatch]: 'mismatch', // 411
};

export interface WhatsappSessionOptions {
  api: InternalApi;
  reporter: StatusReporter;
  logger: Logger;
  /** Override of Baileys' WhatsApp Web socket URL. */
  waUrl?: string;
  /** Ids the control server sent: their upserts are ours, already stored by the api. */
  sent: LruMap<string, unknown>;
  /** Where inbound events wait for the api (see InboundSpool). */
  spoolDir: string;
  /** Media above this many bytes is not downloaded: the message is stored with a note. */
  maxMediaBytes?: number;
  /** Media bytes the spool keeps at most while the api is away (default 512 MB). */
  spoolMaxBytes?: number;
  /** The WhatsApp Web version to announce; Baileys' built-in one when absent. */
  waVersion?: WAVersion;
  /** The socket factory (default: Baileys' makeWASocket). */
  makeSocket?: SocketFactory;
  /** The internal api refused the session's token: this process is stale and must end. */
  onTokenRefused?: () => void;
  /** Backoff of retried deliveries and auth writes (tests shorten it). */
  retryMs?: (attempt: number) => number;
}

const MAX_BACKOFF = 60_000;
const MB = 1024 * 1024;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function backoff(attempt: number): number {
  const base = Math.min(MAX_BACKOFF, 1000 * 2 ** Math.min(attempt, 6));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** A message's declared file size (Baileys' `fileLength`, a Long or number), when it has one. */
export function declaredSize(m: WAMessage): number | null {
  const c = normalizeMessageContent(m.message);
  const media =
    c?.imageMessage ??
    c?.videoMessage ??
    c?.audioMessage ??
    c?.documentMessage ??
    c?.stickerMessage ??
    c?.ptvMessage;
  const len = media?.fileLength;
  if (len === null || len === undefined) return null;
  const n = Number(len.toString());
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * The message without its file, saying why in its text (the raw payload stays, so the file
 * can still be fetched later while WhatsApp keeps it).
 */
export function withoutMedia(event: InboundMessage, why: string): InboundMessage {
  const fileName = event.media?.fileName;
  // A document's text is its file name already: not said twice.
  const name = fileName && event.body !== fileName ? ` "${fileName.slice(0, 120)}"` : '';
  const note = `[Arquivo${name} não recebido: ${why}]`;
  return {
    ...event,
    kind: 'chat',
    media: null,
    body: event.body ? `${event.body}\n${note}` : note,
  };
}

/** A size as people read it ("0,3 MB", "70 MB"). */
export function megabytes(bytes: number): string {
  return `${(bytes / MB).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/** A stream that fails once more than `limit` bytes passed (a `fileLength` can lie). */
function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limit) done(new Error(`media larger than ${limit} bytes`));
      else done(null, chunk);
    },
  });
}

/**
 * One WhatsApp Web connection: the Baileys socket over the api-kept auth state, its status
 * flow (OPENING → qrcode → PAIRING → CONNECTED, TIMEOUT, DISCONNECTED) reported to the api,
 * reconnection with backoff, and inbound events handed to the api through a durable spool,
 * one at a time, in order, until the api has them.
 */
export class WhatsappSession {
  private sock: SessionSocket | null = null;
  private open = false;
  private stopped = false;
  private attempt = 0;
  private qrRetries = 0;
  private current = 'OPENING';
  private proxyUrl: string | null = null;
  /** The proxy for media transfers (Node's fetch), when the connection uses one. */
  private mediaDispatcher: Awaited<ReturnType<typeof proxyDispatcher>>;
  /** Events are prepared (identity resolved, media downloaded) one at a time, in order. */
  private queue: Promise<void> = Promise.resolve();
  private reconnectTimer: NodeJS.Timeout | undefined;
  private history: HistoryCollector | null = null;
  /** The auth state of this process: reconnects reuse it (never a stale copy from the api). */
  private auth: ApiAuthState | null = null;
  private readonly spool: InboundSpool;
  /** Baileys' retry counters: one per process, so a socket restart does not reset them. */
  private readonly retryCounters = new NodeCache({
    stdTTL: 3600,
    useClones: false,
  }) as unknown as CacheStore;
  /** What this process sent, for WhatsApp's retry requests (Baileys' own cache keeps 5 min). */
  private readonly sentContent = new LruMap<string, proto.IMessage>(2000);
  /** Group metadata by jid (Baileys asks before each group send; WhatsApp rate-limits that). */
  private readonly groups = new Map<string, { at: number; meta: GroupMetadata }>();

  /** The phone's contacts as WhatsApp tells them (the api's "import from the phone"). */
  readonly contacts: ContactBook;

  constructor(private readonly o: WhatsappSessionOptions) {
    this.contacts = new ContactBook(path.join(o.spoolDir, 'contacts', 'book.json'));
    this.spool = new InboundSpool({
      dir: o.spoolDir,
      logger: o.logger,
      deliver: (entry) => this.deliver(entry),
      ...(o.spoolMaxBytes ? { maxMediaBytes: o.spoolMaxBytes } : {}),
      ...(o.retryMs ? { backoff: o.retryMs } : {}),
    });
  }

  status(): string {
    return this.current;
  }

  /** Events waiting for the api. */
  spooled(): number {
    return this.spool.size;
  }

  private setStatus(
    status: string,
    extra: {
      qrcode?: string;
      number?: string | null;
      retries?: number;
      reason?: StopReason | null;
    } = {},
  ) {
    this.current = status;
    this.o.reporter.report({ status, ...extra });
  }

  /** Starts the connection; resolves once the first socket is being opened. */
  async start(): Promise<void> {
    await this.spool.open();
    await this.contacts.open();
    this.setStatus('OPENING');
    this.proxyUrl = await this.untilApiAnswers('config', async () => {
      try {
        return (await this.o.api.config()).proxyUrl ?? null;
      } catch (err) {
        // An api without the config route: no proxy.
        if (err instanceof InternalApiError && err.status === 404) return null;
        throw err;
      }
    });
    if (this.proxyUrl) this.o.logger.info({ proxy: redactProxy(this.proxyUrl) }, 'using proxy');
    this.mediaDispatcher = await proxyDispatcher(this.proxyUrl);
    await this.connect();
  }

  /** Keeps asking the api (down, or refusing the token) until it answers. */
  private async untilApiAnswers<T>(what: string, fn: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      if (this.stopped) throw new Error('stopped');
      try {
        return await fn();
      } catch (err) {
        if (err instanceof InternalApiError && err.status === 401) this.o.onTokenRefused?.();
        const delay = this.o.retryMs?.(attempt) ?? backoff(attempt);
        this.o.logger.warn(
          { err: String(err), what, retryInMs: delay },
          'api not answering; retrying',
        );
        await sleep(delay);
      }
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.auth ??= await this.untilApiAnswers('auth state', () =>
      apiAuthState(this.o.api, {
        logger: this.o.logger,
        ...(this.o.retryMs ? { retryMs: this.o.retryMs } : {}),
      }),
    );
    const auth = this.auth;
    if (this.stopped) return;
    const history = await this.historyWindow();
    const agent = await proxyAgent(this.proxyUrl);
    const logger = this.o.logger.child({ module: 'baileys' });
    const sock = (this.o.makeSocket ?? (makeWASocket as SocketFactory))({
      auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, logger) },
      logger,
      // WhatsApp sends its full history only to a desktop client (Baileys' documented advice).
      browser: history.enabled ? Browsers.macOS('Desktop') : Browsers.ubuntu('Atendo'),
      markOnlineOnConnect: false,
      msgRetryCounterCache: this.retryCounters,
      getMessage: (key) => this.sentMessage(key),
      cachedGroupMetadata: (jid) => this.cachedGroup(jid),
      // With a message import set, the phone's full history (docs/product/connections.md#import-of-old-messages); else the recent one.
      syncFullHistory: history.enabled,
      ...(history.enabled ? { shouldSyncHistoryMessage: () => true } : {}),
      ...(this.o.waUrl ? { waWebSocketUrl: this.o.waUrl } : {}),
      ...(this.o.waVersion ? { version: this.o.waVersion } : {}),
      // Media uploads go through Node's fetch, which takes the undici dispatcher only.
      ...(agent ? { agent } : {}),
      ...(this.mediaDispatcher
        ? { fetchAgent: this.mediaDispatcher as unknown as UserFacingSocketConfig['fetchAgent'] }
        : {}),
    });
    this.sock = sock;
    // One collector per process: a reconnect keeps what it spooled (and its quiet timer).
    if (history.enabled && !this.history) {
      this.history = new HistoryCollector({
        sink: this.o.api,
        window: history,
        logger: this.o.logger,
        dir: path.join(this.o.spoolDir, 'history'),
        ...(this.o.retryMs ? { retryMs: this.o.retryMs } : {}),
      });
      await this.history.open();
    }
    this.history?.setWindow(history);
    const collector = this.history;

    sock.ev.on('creds.update', () => auth.saveCreds());
    sock.ev.on('connection.update', (u) => {
      if (this.sock !== sock) return;
      if (u.qr) {
        this.qrRetries++;
        this.setStatus('qrcode', { qrcode: u.qr, retries: this.qrRetries });
      }
      if (u.isNewLogin) this.setStatus('PAIRING');
      if (u.connection === 'open') {
        this.open = true;
        this.attempt = 0;
        this.qrRetries = 0;
        // The api takes 8–20 digits; anything else is better left unsaid than refused.
        const number = numberOf(sock.user?.id);
        this.setStatus('CONNECTED', {
          ...(number && /^\d{8,20}$/.test(number) ? { number } : {}),
          retries: 0,
          reason: null,
        });
        this.o.logger.info('connected');
      }
      if (u.connection === 'close') {
        const code = (u.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined)
          ?.output?.statusCode;
        this.onClose(code, !auth.state.creds.registered && this.qrRetries > 0);
      }
    });
    sock.ev.on('messages.upsert', ({ messages, type }) => {
      if (type !== 'notify' && type !== 'append') return;
      for (const m of messages) this.enqueue(() => this.handleMessage(sock, m));
    });
    sock.ev.on('contacts.upsert', (contacts) => this.contacts.add(contacts));
    sock.ev.on('contacts.update', (updates) => this.contacts.add(updates));
    sock.ev.on('messaging-history.set', ({ messages, lidPnMappings, contacts }) => {
      if (this.sock !== sock) return;
      this.contacts.add(contacts ?? []);
      // The phone's LID ↔ number pairs: one contact per person from the first message on.
      for (const m of lidPnMappings ?? []) this.post(mapLidMapping(m));
      collector?.add(messages);
    });
    sock.ev.on('messages.update', (updates) => {
      for (const u of updates) this.post(mapUpdate(u));
    });
    sock.ev.on('message-receipt.update', (receipts) => {
      for (const r of receipts) this.post(mapReceipt(r));
    });
    sock.ev.on('messages.reaction', (reactions) => {
      for (const r of reactions) this.post(mapReaction(r));
    });
    sock.ev.on('lid-mapping.update', (m) => this.post(mapLidMapping(m)));
    sock.ev.on('groups.update', (updates) => {
      for (const g of updates) if (g.id) this.groups.delete(g.id);
    });
    sock.ev.on('group-participants.update', ({ id }) => this.groups.delete(id));
    sock.ev.on('call', (calls) => {
      for (const c of calls) {
        const event = mapCall(c);
        if (!event) continue;
        this.enqueue(async () => {
          await this.spool.add(event, null, (result) => {
            if ((result as InboundResult | null)?.rejectCall && this.sock === sock && this.open)
              void sock.rejectCall(c.id, c.from).catch(() => {});
          });
        });
      }
    });
  }

  /** The connection's import window; none when the api cannot say (the import is optional). */
  private async historyWindow(): Promise<HistoryWindow> {
    try {
      return await this.o.api.historyConfig();
    } catch (err) {
      this.o.logger.warn({ err: String(err) }, 'history import settings unavailable');
      return { enabled: false, from: null, to: null, groups: false };
    }
  }

  private onClose(code: number | undefined, qrPhase: boolean): void {
    this.open = false;
    this.sock = null;
    if (this.stopped) return;
    this.o.logger.info({ code }, 'connection closed');
    if (code === DisconnectReason.loggedOut) {
      // The phone unlinked us: the keys are worthless; wait for a new start (a new QR).
      const auth = this.auth;
      this.auth = null;
      auth?.discard();
      void (async () => {
        await auth?.flush(30_000);
        await this.untilApiAnswers('auth wipe', () => this.o.api.deleteAuth());
        this.setStatus('DISCONNECTED', { number: null, retries: 0 });
      })().catch(() => {});
      return;
    }
    const reason = code === undefined ? undefined : STOP_CODES[code];
    if (reason) {
      // Reconnecting would repeat the refusal (or fight the other login): stop, say why.
      this.o.logger.warn({ code, reason }, 'WhatsApp refused the connection; not reconnecting');
      this.setStatus('DISCONNECTED', { retries: 0, reason });
      return;
    }
    if (code === DisconnectReason.restartRequired) {
      // Normal right after pairing: reconnect at once, with the creds in memory (the api's
      // copy may still be on its way).
      this.scheduleReconnect(0);
      return;
    }
    if (qrPhase && code === DisconnectReason.timedOut) {
      // Nobody scanned the QR codes in time.
      this.qrRetries = 0;
      this.setStatus('TIMEOUT');
    } else if (this.current !== 'OPENING') {
      this.setStatus('OPENING');
    }
    this.scheduleReconnect(backoff(this.attempt++));
  }

  private scheduleReconnect(delay: number): void {
    clearTimeout(this.reconnectTimer);
    this.o.logger.info({ delayMs: delay }, 'reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.connect().catch((err) => {
        this.o.logger.error({ err: String(err) }, 'reconnect failed');
        if (!this.stopped) this.scheduleReconnect(backoff(this.attempt++));
      });
    }, delay);
  }

  /** Events are prepared one at a time, in the order WhatsApp gave them. */
  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue
      .then(task)
      .catch((err) => this.o.logger.error({ err: String(err) }, 'inbound event failed'));
  }

  private post(event: InboundEvent | null): void {
    if (event) this.enqueue(async () => void (await this.spool.add(event)));
  }

  /**
   * Posts one spooled event. Throws (the spool retries, in order, without giving up) on the
   * api's server errors, throttling and network failures; a 4xx that a smaller message passes
   * (the file too big, its name too long) posts the message without its file; any other
   * refusal is final and logged.
   */
  private async deliver(entry: SpoolEntry): Promise<InboundResult | null> {
    const media = entry.media
      ? {
          data: { path: entry.media.path, size: entry.media.size },
          mimetype: entry.media.mimetype,
          fileName: entry.media.fileName ?? null,
        }
      : null;
    try {
      return await this.o.api.postEvent(entry.event, media);
    } catch (err) {
      if (retryable(err)) throw err;
      const status = (err as InternalApiError).status;
      if (status === 401) {
        // The token was rotated (a new process owns the connection): keep the event on disk.
        this.o.onTokenRefused?.();
        throw err;
      }
      let final = err;
      const smaller = [400, 413, 415, 422].includes(status);
      if (smaller && entry.event.type === 'message' && (media || entry.event.media)) {
        const why =
          status === 413
            ? `maior que o limite (${megabytes(entry.media?.size ?? 0)})`
            : `recusado pelo servidor (${(err as InternalApiError).code ?? status})`;
        this.o.logger.warn(
          { err: String(err), wid: entry.event.wid },
          'media refused; posting without it',
        );
        try {
          return await this.o.api.postEvent(withoutMedia(entry.event, why));
        } catch (again) {
          if (retryable(again) || (again as InternalApiError).status === 401) throw again;
          final = again;
        }
      }
      this.o.logger.error({ err: String(final), type: entry.event.type }, 'inbound event refused');
      return null;
    }
  }

  /** Our own number and LID (an "alternate id" equal to one of them is not the customer). */
  private ownIds(sock: SessionSocket): { number: string | null; lid: string | null } {
    return { number: numberOf(sock.user?.id), lid: lidOf(sock.user?.lid) };
  }

  /** Fills a LID-only identity's number from Baileys' LID ↔ number store, when it knows it. */
  private async resolve(sock: SessionSocket, who: InboundIdentity | null | undefined) {
    if (!who) return;
    const own = this.ownIds(sock);
    if (who.number && who.number === own.number && who.lid && who.lid !== own.lid)
      who.number = null;
    if (who.lid && who.lid === own.lid && who.number && who.number !== own.number) who.lid = null;
    if (who.number || !who.lid) return;
    const pn = await sock.signalRepository.lidMapping
      .getPNForLID(`${who.lid}@lid`)
      .catch(() => null);
    const number = numberOf(pn);
    if (number && number !== own.number) who.number = number;
  }

  private async handleMessage(sock: SessionSocket, m: WAMessage): Promise<void> {
    const event = mapMessage(m);
    if (!event) return;
    // Our own sends come back as upserts; the api stored them when it asked us to send.
    if (event.type === 'message' && event.fromMe && this.o.sent.get(event.wid) !== undefined)
      return;
    if (event.type !== 'message') {
      await this.spool.add(event);
      return;
    }
    if (!event.group) await this.resolve(sock, event.contact);
    else {
      await this.resolve(sock, event.participant);
      // The group's name, from the cache Baileys' group sends use too (one query per group).
      const jid = m.key.remoteJid!;
      if (!event.group.name) event.group.name = (await this.groupMeta(sock, jid))?.subject ?? null;
    }
    if (!MEDIA_KINDS.includes(event.kind) || !event.media) {
      await this.spool.add(event);
      return;
    }
    const limit = this.o.maxMediaBytes ?? 64 * MB;
    const size = declaredSize(m);
    if (size !== null && size > limit) {
      await this.spool.add(withoutMedia(event, `maior que o limite (${megabytes(size)})`));
      return;
    }
    if (!this.spool.mediaFits(size ?? limit)) {
      await this.spool.add(withoutMedia(event, 'fila de recebimento cheia'));
      return;
    }
    const reserved = this.spool.reserveMedia();
    try {
      const stream = await downloadMediaMessage(
        m,
        'stream',
        // Through the connection's proxy, as the socket goes.
        this.mediaDispatcher
          ? { options: { dispatcher: this.mediaDispatcher } as unknown as RequestInit }
          : {},
        {
          logger: this.o.logger,
          reuploadRequest: (msg) =>
            this.sock ? this.sock.updateMediaMessage(msg) : Promise.reject(new Error('offline')),
        },
      );
      await pipeline(
        stream,
        byteLimit(limit),
        fs.createWriteStream(reserved.path, { mode: 0o600 }),
      );
    } catch (err) {
      fs.rmSync(reserved.path, { force: true });
      // The message is still worth storing (the raw payload allows a later download).
      this.o.logger.warn({ err: String(err), wid: event.wid }, 'media download failed');
      const tooBig = /larger than/.test(String(err));
      await this.spool.add(
        tooBig ? withoutMedia(event, `maior que o limite (${megabytes(limit)})`) : event,
      );
      return;
    }
    const stored = fs.statSync(reserved.path).size;
    await this.spool.add(event, {
      reserved,
      mimetype: event.media.mimetype,
      fileName: event.media.fileName ?? null,
      size: stored,
    });
  }

  /**
   * A message WhatsApp asks for again (a retry request: the recipient could not decrypt it):
   * what this process sent, else the api's stored copy.
   */
  private async sentMessage(key: WAMessageKey): Promise<proto.IMessage | undefined> {
    if (!key.id) return undefined;
    const kept = this.sentContent.get(key.id);
    if (kept) return kept;
    try {
      return (await this.o.api.messageContent(key.id)) ?? undefined;
    } catch (err) {
      this.o.logger.warn({ err: String(err), wid: key.id }, 'no stored copy for a retry');
      return undefined;
    }
  }

  /** Group metadata from the cache (10 minutes, dropped on group events), else WhatsApp. */
  private async cachedGroup(jid: string): Promise<GroupMetadata | undefined> {
    const hit = this.groups.get(jid);
    if (hit && Date.now() - hit.at < 10 * 60_000) return hit.meta;
    return undefined;
  }

  private async groupMeta(sock: SessionSocket, jid: string): Promise<GroupMetadata | undefined> {
    const cached = await this.cachedGroup(jid);
    if (cached) return cached;
    const meta = await sock.groupMetadata(jid).catch(() => undefined);
    if (meta) {
      if (this.groups.size >= 500) this.groups.delete(this.groups.keys().next().value!);
      this.groups.set(jid, { at: Date.now(), meta });
    }
    return meta;
  }

  /** The socket for the control server, while connected. */
  controlSocket(): ControlSocket | null {
    const sock = this.sock;
    if (!sock || !this.open) return null;
    return {
      sendMessage: async (jid, content, options) => {
        // Baileys asks cachedGroupMetadata before a group send: fill it first.
        if (jid.endsWith('@g.us')) await this.groupMeta(sock, jid);
        const sent = await sock.sendMessage(jid, content, options);
        if (sent?.key.id && sent.message) this.sentContent.set(sent.key.id, sent.message);
        return sent;
      },
      onWhatsApp: (...jids) => sock.onWhatsApp(...jids),
      profilePictureUrl: (jid, type) => sock.profilePictureUrl(jid, type),
      lidForJid: (jid) => sock.signalRepository.lidMapping.getLIDForPN(jid),
    };
  }

  /** Logs the phone out (the close handler then wipes the auth state and reports it). */
  async logout(): Promise<void> {
    const sock = this.sock;
    if (sock && this.open) {
      await sock.logout();
      return;
    }
    // Not linked right now: forget the keys anyway, so the next start asks for a QR.
    this.auth?.discard();
    this.auth = null;
    await this.o.api.deleteAuth();
    this.setStatus('DISCONNECTED', { number: null, retries: 0 });
  }

  /**
   * Closes the socket for good (SIGTERM): what WhatsApp already gave is prepared and posted
   * within `graceMs`; whatever the api could not take by then stays in the spool for the next
   * process.
   */
  async stop(graceMs = 3000): Promise<{ left: number }> {
    this.stopped = true;
    const until = Date.now() + graceMs;
    clearTimeout(this.reconnectTimer);
    this.history?.close();
    const sock = this.sock;
    this.sock = null;
    this.open = false;
    void sock?.end(undefined);
    await Promise.race([this.queue, sleep(graceMs)]);
    await this.spool.drain(Math.max(0, until - Date.now()));
    this.spool.stop();
    await this.auth?.flush(Math.max(0, until - Date.now()));
    await this.contacts.flush();
    return { left: this.spool.size };
  }
}
