import {
  Browsers,
  DisconnectReason,
  downloadMediaMessage,
  makeCacheableSignalKeyStore,
  makeWASocket,
  type WAMessage,
  type WASocket,
} from '@whiskeysockets/baileys';
import type { InboundEvent, InboundResult } from '@atendo/domain';
import type { Logger } from 'pino';
import { apiAuthState } from './auth-state.js';
import { HistoryCollector, type HistoryWindow } from './history.js';
import type { ControlSocket } from './control-server.js';
import { InternalApiError, type InternalApi } from './internal-api.js';
import type { LruMap } from './lru.js';
import {
  MEDIA_KINDS,
  mapCall,
  mapLidMapping,
  mapMessage,
  mapReaction,
  mapReceipt,
  mapUpdate,
  numberOf,
} from './map-message.js';
import { proxyAgent, redactProxy } from './proxy.js';
import type { StatusReporter } from './status-reporter.js';

export interface WhatsappSessionOptions {
  api: InternalApi;
  reporter: StatusReporter;
  logger: Logger;
  /** Override of Baileys' WhatsApp Web socket URL. */
  waUrl?: string;
  /** Ids the control server sent: their upserts are ours, already stored by the api. */
  sent: LruMap<string, unknown>;
}

const MAX_BACKOFF = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function backoff(attempt: number): number {
  const base = Math.min(MAX_BACKOFF, 1000 * 2 ** Math.min(attempt, 6));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** Retries on the api's server errors and network failures; its 4xx answers are final. */
function retryable(err: unknown): boolean {
  return !(err instanceof InternalApiError) || err.status >= 500 || err.status === 429;
}

/**
 * One WhatsApp Web connection: the Baileys socket over the api-kept auth state, its status
 * flow (OPENING → qrcode → PAIRING → CONNECTED, TIMEOUT, DISCONNECTED) reported to the api,
 * reconnection with backoff, and inbound events handed to the api one at a time, in order.
 */
export class WhatsappSession {
  private sock: WASocket | null = null;
  private open = false;
  private stopped = false;
  private attempt = 0;
  private qrRetries = 0;
  private current = 'OPENING';
  private proxyUrl: string | null = null;
  private queue: Promise<void> = Promise.resolve();
  private reconnectTimer: NodeJS.Timeout | undefined;
  private history: HistoryCollector | null = null;

  constructor(private readonly o: WhatsappSessionOptions) {}

  status(): string {
    return this.current;
  }

  private setStatus(
    status: string,
    extra: { qrcode?: string; number?: string | null; retries?: number } = {},
  ) {
    this.current = status;
    this.o.reporter.report({ status, ...extra });
  }

  /** Starts the connection; resolves once the first socket is being opened. */
  async start(): Promise<void> {
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
    await this.connect();
  }

  /** Keeps asking the api (down, or refusing the token) until it answers. */
  private async untilApiAnswers<T>(what: string, fn: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      if (this.stopped) throw new Error('stopped');
      try {
        return await fn();
      } catch (err) {
        const delay = backoff(attempt);
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
    const { state, saveCreds } = await this.untilApiAnswers('auth state', () =>
      apiAuthState(this.o.api),
    );
    if (this.stopped) return;
    const history = await this.historyWindow();
    const agent = await proxyAgent(this.proxyUrl);
    const logger = this.o.logger.child({ module: 'baileys' });
    const sock = makeWASocket({
      auth: { creds: state.creds, keys: makeCacheableSignalKeyStore(state.keys, logger) },
      logger,
      browser: Browsers.ubuntu('Atendo'),
      markOnlineOnConnect: false,
      // With a message import set, the phone's full history (BEHAVIOUR G); else the recent one.
      syncFullHistory: history.enabled,
      ...(history.enabled ? { shouldSyncHistoryMessage: () => true } : {}),
      ...(this.o.waUrl ? { waWebSocketUrl: this.o.waUrl } : {}),
      ...(agent ? { agent, fetchAgent: agent } : {}),
    });
    this.sock = sock;
    this.history?.stop();
    const collector = history.enabled
      ? new HistoryCollector({ sink: this.o.api, window: history, logger: this.o.logger })
      : null;
    this.history = collector;

    sock.ev.on('creds.update', () => {
      saveCreds().catch((err) => this.o.logger.error({ err: String(err) }, 'saving creds failed'));
    });
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
        });
        this.o.logger.info('connected');
      }
      if (u.connection === 'close') {
        const code = (u.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined)
          ?.output?.statusCode;
        this.onClose(sock, code, !state.creds.registered && this.qrRetries > 0);
      }
    });
    sock.ev.on('messages.upsert', ({ messages, type }) => {
      if (type !== 'notify' && type !== 'append') return;
      for (const m of messages) this.enqueue(() => this.handleMessage(m));
    });
    sock.ev.on('messaging-history.set', ({ messages }) => {
      if (this.sock === sock) collector?.add(messages);
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
    sock.ev.on('call', (calls) => {
      for (const c of calls) {
        const event = mapCall(c);
        if (!event) continue;
        this.enqueue(async () => {
          const result = await this.send(event);
          if (result?.rejectCall && this.sock === sock) await sock.rejectCall(c.id, c.from);
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

  private onClose(sock: WASocket, code: number | undefined, qrPhase: boolean): void {
    this.open = false;
    this.sock = null;
    if (this.stopped) return;
    this.o.logger.info({ code }, 'connection closed');
    if (code === DisconnectReason.loggedOut) {
      // The phone unlinked us: the keys are worthless; wait for a new start (a new QR).
      void this.untilApiAnswers('auth wipe', () => this.o.api.deleteAuth()).then(() => {
        this.setStatus('DISCONNECTED', { number: null, retries: 0 });
      });
      return;
    }
    if (code === DisconnectReason.restartRequired) {
      // Normal right after pairing: reconnect at once with the new creds.
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

  /** Events are handled one at a time, in the order WhatsApp gave them. */
  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue
      .then(task)
      .catch((err) => this.o.logger.error({ err: String(err) }, 'inbound event failed'));
  }

  private post(event: InboundEvent | null): void {
    if (event) this.enqueue(async () => void (await this.send(event)));
  }

  /** Posts an event, retrying the api's transient failures a few times. */
  private async send(
    event: InboundEvent,
    media?: { data: Buffer; mimetype: string; fileName?: string | null },
  ): Promise<InboundResult | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.o.api.postEvent(event, media);
      } catch (err) {
        if (attempt >= 4 || !retryable(err)) {
          this.o.logger.error({ err: String(err), type: event.type }, 'inbound event dropped');
          return null;
        }
        await sleep(backoff(attempt));
      }
    }
  }

  private async handleMessage(m: WAMessage): Promise<void> {
    const event = mapMessage(m);
    if (!event) return;
    // Our own sends come back as upserts; the api stored them when it asked us to send.
    if (event.type === 'message' && event.fromMe && this.o.sent.get(event.wid) !== undefined)
      return;
    let media: { data: Buffer; mimetype: string; fileName?: string | null } | undefined;
    if (event.type === 'message' && MEDIA_KINDS.includes(event.kind) && event.media) {
      const sock = this.sock;
      try {
        const data = await downloadMediaMessage(
          m,
          'buffer',
          {},
          {
            logger: this.o.logger,
            reuploadRequest: (msg) =>
              sock ? sock.updateMediaMessage(msg) : Promise.reject(new Error('offline')),
          },
        );
        media = { data, mimetype: event.media.mimetype, fileName: event.media.fileName };
      } catch (err) {
        // The message is still worth storing (the raw payload allows a later download).
        this.o.logger.warn({ err: String(err), wid: event.wid }, 'media download failed');
      }
    }
    await this.send(event, media);
  }

  /** The socket for the control server, while connected. */
  controlSocket(): ControlSocket | null {
    const sock = this.sock;
    if (!sock || !this.open) return null;
    return {
      sendMessage: (jid, content, options) => sock.sendMessage(jid, content, options),
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
    await this.o.api.deleteAuth();
    this.setStatus('DISCONNECTED', { number: null, retries: 0 });
  }

  /** Closes the socket for good (SIGTERM). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.history?.stop();
    const sock = this.sock;
    this.sock = null;
    sock?.end(undefined);
    // Let queued events finish briefly.
    await Promise.race([this.queue, sleep(3000)]);
  }
}
