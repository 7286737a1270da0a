import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Boom } from '@hapi/boom';
import {
  encryptedStream,
  makeEventBuffer,
  proto,
  type AnyMessageContent,
  type Contact,
  type GroupMetadata,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
} from '@whiskeysockets/baileys';
import { pino } from 'pino';
import type { SessionSocket, SocketFactory } from '../../src/whatsapp.js';

/**
 * A stand-in for the WhatsApp service, at the one seam the session has with it: Baileys'
 * `makeWASocket`. Each socket the session makes is a FakeSocket that emits what Baileys emits
 * (through Baileys' own event emitter, with the payload shapes of its type definitions) when
 * a test drives it, and records what the session asks of it. The session's production code
 * runs unchanged: only the factory is injected.
 */
export class FakeWhatsApp {
  readonly sockets: FakeSocket[] = [];
  /** LID ↔ number pairs the "server" knows (Baileys' lidMapping store answers from them). */
  readonly lids = new Map<string, string>();
  /** Numbers registered on WhatsApp (onWhatsApp answers from them); empty = every number. */
  readonly registered = new Set<string>();
  /** Every onWhatsApp call, with its jids. */
  readonly whatsAppChecks: string[][] = [];
  /** Profile picture URLs by number ('private': WhatsApp refuses, as for a hidden picture). */
  readonly pictures = new Map<string, string>();
  /** Group metadata the "server" answers, and how often it was asked. */
  readonly groups = new Map<string, GroupMetadata>();
  groupMetadataCalls = 0;
  /** Encrypted media by path, served to the session's downloads (WhatsApp's media host). */
  private readonly media = new Map<string, Buffer>();
  private mediaServer: http.Server | null = null;
  /** Media downloads the session made. */
  mediaDownloads = 0;

  /**
   * Uploads a file as WhatsApp's media servers keep it (AES-CBC with Baileys' own
   * `encryptedStream`) and answers the message fields that point at it; the session then
   * downloads and decrypts it with Baileys' real download code.
   */
  async upload(
    bytes: Buffer,
    type: 'image' | 'audio' | 'video' | 'document',
  ): Promise<{
    url: string;
    mediaKey: Buffer;
    fileLength: number;
    fileSha256: Buffer;
    fileEncSha256: Buffer;
  }> {
    if (!this.mediaServer) {
      this.mediaServer = http.createServer((req, res) => {
        const data = this.media.get(req.url ?? '');
        if (!data) return void res.writeHead(404).end();
        this.mediaDownloads++;
        res.writeHead(200, { 'content-length': data.length }).end(data);
      });
      await new Promise<void>((r) => this.mediaServer!.listen(0, '127.0.0.1', () => r()));
      this.mediaServer.unref();
    }
    const enc = await encryptedStream(bytes, type, {});
    const path = `/v/t62/${randomBytes(8).toString('hex')}.enc`;
    this.media.set(path, fs.readFileSync(enc.encFilePath));
    fs.rmSync(enc.encFilePath, { force: true });
    const { port } = this.mediaServer.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}${path}`,
      mediaKey: enc.mediaKey,
      fileLength: enc.fileLength,
      fileSha256: enc.fileSha256,
      fileEncSha256: enc.fileEncSha256,
    };
  }

  /** Stops the media host. */
  close(): void {
    this.mediaServer?.close();
  }

  readonly factory: SocketFactory = (config) => {
    const sock = new FakeSocket(config, this);
    this.sockets.push(sock);
    return sock;
  };

  /** The newest socket (the one the session uses now). */
  get current(): FakeSocket {
    const s = this.sockets.at(-1);
    if (!s) throw new Error('the session made no socket yet');
    return s;
  }

  /** Resolves once the session made its `n`th socket. */
  async socket(n: number, ms = 15_000): Promise<FakeSocket> {
    const end = Date.now() + ms;
    while (this.sockets.length < n) {
      if (Date.now() > end)
        throw new Error(`the session made ${this.sockets.length} sockets, not ${n}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.sockets[n - 1]!;
  }
}

/** What the session sent through one socket. */
export interface SentRecord {
  jid: string;
  content: AnyMessageContent;
  options?: MiscMessageGenerationOptions;
  message: WAMessage;
}

const quiet = pino({ level: 'silent' });

export class FakeSocket implements SessionSocket {
  readonly ev = makeEventBuffer(quiet);
  user: Contact | undefined;
  readonly sent: SentRecord[] = [];
  ended = false;
  loggedOut = false;
  /** What getMessage answered for each retry request. */
  readonly retried: { id: string; message: proto.IMessage | undefined }[] = [];
  readonly signalRepository: SessionSocket['signalRepository'];

  constructor(
    readonly config: UserFacingSocketConfig,
    private readonly server: FakeWhatsApp,
  ) {
    this.signalRepository = {
      lidMapping: {
        getLIDForPN: async (pn: string) => {
          const number = pn.split('@')[0]!.split(':')[0]!;
          for (const [lid, n] of server.lids) if (n === number) return `${lid}@lid`;
          return null;
        },
        getPNForLID: async (lid: string) => {
          const n = server.lids.get(lid.split('@')[0]!.split(':')[0]!);
          return n ? `${n}@s.whatsapp.net` : null;
        },
      },
    };
  }

  // --- What a test makes WhatsApp do --------------------------------------------------

  /** A QR code to scan (`connection.update` with `qr`). */
  showQr(qr = `2@${randomBytes(16).toString('base64')}`): void {
    this.ev.emit('connection.update', { qr });
  }

  /**
   * The phone scanned the QR: Baileys writes the new identity into creds (`creds.update`),
   * then the server ends the stream with 515 "restart required", as it always does.
   */
  pair(me: Contact): void {
    const creds = this.config.auth.creds;
    creds.me = me;
    creds.registered = true;
    creds.platform = 'android';
    creds.nextPreKeyId += 30;
    creds.firstUnuploadedPreKeyId += 30;
    this.ev.emit('creds.update', {
      me,
      registered: true,
      platform: 'android',
      nextPreKeyId: creds.nextPreKeyId,
    });
    this.ev.emit('connection.update', { isNewLogin: true });
    this.close(515);
  }

  /** The connection is up, as `me`. */
  openAs(me: Contact): void {
    this.user = me;
    this.ev.emit('connection.update', { connection: 'open', receivedPendingNotifications: true });
  }

  /** The server closed the stream with `code` (a DisconnectReason), as a Boom error. */
  close(code: number): void {
    this.ev.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: new Boom('Stream Errored', { statusCode: code }), date: new Date() },
    });
  }

  /** Messages arrive (`messages.upsert`). */
  upsert(messages: WAMessage[], type: 'notify' | 'append' = 'notify'): void {
    this.ev.emit('messages.upsert', { messages, type });
  }

  /** The phone's address book, as WhatsApp pushes it (`contacts.upsert`). */
  contactsUpsert(contacts: Contact[]): void {
    this.ev.emit('contacts.upsert', contacts);
  }

  /** The phone's history arrives (`messaging-history.set`), with its LID ↔ number pairs. */
  historySet(o: {
    messages?: WAMessage[];
    lidPnMappings?: { lid: string; pn: string }[];
    contacts?: Contact[];
  }): void {
    this.ev.emit('messaging-history.set', {
      chats: [],
      contacts: o.contacts ?? [],
      messages: o.messages ?? [],
      lidPnMappings: o.lidPnMappings,
      isLatest: true,
      syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
    });
  }

  /**
   * A recipient could not decrypt one of our messages and asks again: past Baileys' own
   * 5-minute cache, Baileys counts the retry in `msgRetryCounterCache` and asks `getMessage`.
   */
  async retryRequest(key: WAMessageKey): Promise<proto.IMessage | undefined> {
    const counter = this.config.msgRetryCounterCache;
    const k = `${key.id}:${key.remoteJid}`;
    const n = ((await counter?.get<number>(k)) ?? 0) + 1;
    await counter?.set(k, n);
    const message = await this.config.getMessage?.(key);
    this.retried.push({ id: key.id!, message });
    return message;
  }

  // --- The socket's own methods, as the session calls them ---------------------------

  async end(_error: Error | undefined): Promise<void> {
    this.ended = true;
    this.close(428);
  }

  async logout(): Promise<void> {
    this.loggedOut = true;
    this.close(401);
  }

  async sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined> {
    const id = options?.messageId ?? `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
    const c = content as Record<string, unknown>;
    let message: proto.IMessage;
    if (typeof c.text === 'string') message = { conversation: c.text };
    else if (c.audio)
      message = {
        audioMessage: {
          url: `https://mmg.whatsapp.net/fake/${id}`,
          mimetype: String(c.mimetype),
          ptt: !!c.ptt,
          fileLength: (c.audio as Buffer).length,
          mediaKey: randomBytes(32),
        },
      };
    else if (c.image)
      message = {
        imageMessage: {
          url: `https://mmg.whatsapp.net/fake/${id}`,
          mimetype: String(c.mimetype ?? 'image/jpeg'),
          caption: (c.caption as string | undefined) ?? null,
          mediaKey: randomBytes(32),
        },
      };
    else message = { conversation: JSON.stringify(Object.keys(c)) };
    const sent: WAMessage = {
      key: { remoteJid: jid, id, fromMe: true },
      message,
      messageTimestamp: Math.trunc(Date.now() / 1000),
    };
    this.sent.push({ jid, content, options, message: sent });
    return sent;
  }

  async onWhatsApp(...jids: string[]) {
    this.server.whatsAppChecks.push(jids);
    return jids.map((jid) => {
      const number = jid.split('@')[0]!;
      const exists = !this.server.registered.size || this.server.registered.has(number);
      return { jid: `${number}@s.whatsapp.net`, exists };
    });
  }

  async profilePictureUrl(jid: string): Promise<string | undefined> {
    const url = this.server.pictures.get(jid.split('@')[0]!);
    if (url === 'private') throw new Error('not-authorized');
    return url;
  }

  async updateMediaMessage(message: WAMessage): Promise<WAMessage> {
    return message;
  }

  async rejectCall(): Promise<void> {}

  async groupMetadata(jid: string): Promise<GroupMetadata> {
    this.server.groupMetadataCalls++;
    const meta = this.server.groups.get(jid);
    if (!meta) throw new Boom('item-not-found', { statusCode: 404 });
    return meta;
  }
}

let seq = 0;

/** A customer's text message as WhatsApp delivers it (Baileys 7 keys, LID or number). */
export function textMessage(o: {
  from: string;
  fromAlt?: string;
  text: string;
  id?: string;
  pushName?: string;
  fromMe?: boolean;
}): WAMessage {
  return {
    key: {
      remoteJid: o.from,
      ...(o.fromAlt ? { remoteJidAlt: o.fromAlt } : {}),
      fromMe: !!o.fromMe,
      id: o.id ?? `3A${Date.now().toString(16).toUpperCase()}${(++seq).toString(16).toUpperCase()}`,
    },
    message: { conversation: o.text },
    messageTimestamp: Math.trunc(Date.now() / 1000),
    pushName: o.pushName ?? null,
  };
}
