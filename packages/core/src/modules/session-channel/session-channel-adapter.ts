import { createHmac, hkdfSync } from 'node:crypto';
import { AppError } from '@atendo/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import {
  CHECK_NUMBERS_MAX,
  type ChannelAdapter,
  type NumberCheck,
  type OutboundSend,
} from '../../channels/channel-adapter.js';
import { callSession, SessionUnavailableError } from './call-session.js';
import { sessionSecretKey } from '../../db/sealed-secrets.js';

/** The key of message ids, derived once per configuration from the api's session secret. */
const idKeys = new WeakMap<AppContext['config'], Buffer>();

/**
 * Our id of a message on WhatsApp. The session passes it to Baileys as the message id and
 * answers a repeated id with the first send's wid, so a retry after a lost answer never sends
 * twice: the id is a function of the message alone. It is shaped like WhatsApp Web's own ids
 * (Baileys' generateMessageIDV2: `3EB0` and 18 uppercase hex digits), so our messages do not
 * stand out by their ids: the hex digits are an HMAC-SHA256 of `company:message`, keyed by a
 * key derived (HKDF) from the api's session secret (SESSION_AUTH_KEY, else the JWT secret), so
 * nobody can tell which ids, companies or message numbers are ours. Changing that secret
 * changes the ids of messages not yet sent (a retry across the change may send twice).
 */
export function channelMessageId(
  ctx: Pick<AppContext, 'config'>,
  companyId: number,
  messageId: number,
): string {
  let key = idKeys.get(ctx.config);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', sessionSecretKey(ctx), 'atendo', 'message id', 32));
    idKeys.set(ctx.config, key);
  }
  const mac = createHmac('sha256', key).update(`${companyId}:${messageId}`).digest('hex');
  return `3EB0${mac.slice(0, 18).toUpperCase()}`;
}

/** The session's answer to `/check-numbers`. */
const checkNumbersAnswer = z.object({
  results: z.array(
    z.object({
      input: z.string(),
      exists: z.boolean(),
      number: z.string().nullable(),
      lid: z.string().nullable().optional(),
    }),
  ),
});

/** The session's answer to `/contacts`. */
const phoneContactsAnswer = z.object({
  contacts: z
    .array(
      z.object({ number: z.string().regex(/^\d{5,20}$/), name: z.string().max(300).nullable() }),
    )
    .max(100_000),
});

/** A chat on WhatsApp as the session protocol names it. */
interface Recipient {
  number: string;
  isGroup: boolean;
}

/** The kinds the session sends (its protocol's `mediaType`). */
const SESSION_KINDS = new Set([
  'chat',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'contactMessage',
  'locationMessage',
]);

/** A stored message's kind as the session takes it: other files (stored as `application`) go as documents. */
function sessionKind(m: Pick<OutboundSend, 'mediaType' | 'mediaFile'>): string {
  if (m.mediaType && SESSION_KINDS.has(m.mediaType)) return m.mediaType;
  return m.mediaFile ? 'document' : 'chat';
}

/** The console stores a location as a maps link ("…?q=lat,lng|name"); the session takes "lat,lng\nname". */
function locationBody(body: string): string {
  const m = /[?&]q=(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)(?:\|(.*))?$/s.exec(body);
  if (!m) return body;
  return m[3] ? `${m[1]},${m[2]}\n${m[3]}` : `${m[1]},${m[2]}`;
}

/**
 * WhatsApp (Baileys) sends through the connection's session process: its control server, at
 * the endpoint and with the key the session reported with its status. Whatever fails (no
 * session, unreachable, not connected) throws, and deliverMessage retries.
 */
export class SessionChannelAdapter implements ChannelAdapter {
  constructor(private readonly ctx: AppContext) {}

  async send(m: OutboundSend): Promise<{ wid: string }> {
    if (m.whatsappId === null) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    // A customer known only by their LID is answered at the LID (the session passes a jid on).
    const to: Recipient | null = m.to.number
      ? { number: m.to.number, isGroup: m.to.isGroup }
      : m.to.lid && !m.to.isGroup
        ? { number: lidJid(m.to.lid), isGroup: false }
        : null;
    if (!to) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    const mediaType = sessionKind(m);
    const { wid, message } = await callSession<{ wid: string; message?: unknown }>(
      this.ctx,
      { companyId: m.companyId, whatsappId: m.whatsappId },
      '/messages',
      {
        id: channelMessageId(this.ctx, m.companyId, m.messageId),
        to,
        body: mediaType === 'locationMessage' ? locationBody(m.body) : m.body,
        mediaType,
        mediaFile: m.mediaFile,
        fileName: mediaType === 'document' ? m.mediaFile : null,
        quotedWid: m.quotedWid,
        ...(m.quoted ? { quoted: m.quoted } : {}),
      },
    );
    if (typeof wid !== 'string' || !wid) throw new Error('the session answered no wid');
    if (message && typeof message === 'object') {
      // What WhatsApp got, kept for its retry requests (GET …/messages/:wid/content).
      await tenantData(this.ctx.ds, m.companyId).query(
        `UPDATE messages SET "dataJson" = jsonb_build_object('message', $3::jsonb)
          WHERE id = $1 AND "companyId" = $2 AND "dataJson" IS NULL`,
        [m.messageId, m.companyId, JSON.stringify(message)],
      );
    }
    return { wid };
  }

  async edit(m: { companyId: number; whatsappId: number | null; wid: string; body: string }) {
    const { whatsappId, to } = await this.chatOf(m);
    await callSession(this.ctx, { companyId: m.companyId, whatsappId }, '/messages/edit', {
      wid: m.wid,
      to,
      body: m.body,
    });
  }

  async remove(m: { companyId: number; whatsappId: number | null; wid: string }) {
    const { whatsappId, to } = await this.chatOf(m);
    await callSession(this.ctx, { companyId: m.companyId, whatsappId }, '/messages/delete', {
      wid: m.wid,
      to,
    });
  }

  /** The connected phone's address book, as the session learnt it from WhatsApp. */
  async phoneContacts(m: { companyId: number; whatsappId: number }) {
    let answer: unknown;
    try {
      answer = await callSession(this.ctx, m, '/contacts', {}, { timeoutMs: 30_000 });
    } catch (err) {
      if (err instanceof SessionUnavailableError) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      throw err;
    }
    const parsed = phoneContactsAnswer.safeParse(answer);
    if (!parsed.success) throw new Error('the session answered /contacts malformed');
    return parsed.data.contacts;
  }

  /** A number's profile picture URL on WhatsApp (through the session); null when none. */
  async profilePicture(m: { companyId: number; whatsappId: number; number: string }) {
    try {
      const r = await callSession<{ url?: string | null }>(
        this.ctx,
        { companyId: m.companyId, whatsappId: m.whatsappId },
        '/profile-picture',
        { number: m.number },
        { timeoutMs: 10_000 },
      );
      return typeof r.url === 'string' && /^https?:\/\//.test(r.url) ? r.url : null;
    } catch (err) {
      if (err instanceof SessionUnavailableError) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      throw err;
    }
  }

  /** Asks WhatsApp (through the session) whether the number has an account. */
  async checkNumber(m: { companyId: number; whatsappId: number; number: string }) {
    try {
      const r = await callSession<{ exists: boolean; number: string | null }>(
        this.ctx,
        { companyId: m.companyId, whatsappId: m.whatsappId },
        '/check-number',
        { number: m.number },
        { timeoutMs: 10_000 },
      );
      return { exists: r.exists === true, number: r.exists ? (r.number ?? m.number) : null };
    } catch (err) {
      if (err instanceof SessionUnavailableError) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      throw err;
    }
  }

  /**
   * Asks WhatsApp (through the session, in one query) about up to CHECK_NUMBERS_MAX numbers;
   * one answer per number, in order. The caller paces the calls (contacts/check-number.ts).
   */
  async checkNumbers(m: {
    companyId: number;
    whatsappId: number;
    numbers: string[];
    lids?: boolean;
  }): Promise<NumberCheck[]> {
    if (m.numbers.length > CHECK_NUMBERS_MAX)
      throw new RangeError(`at most ${CHECK_NUMBERS_MAX} numbers per check`);
    if (!m.numbers.length) return [];
    let answer: unknown;
    try {
      answer = await callSession(
        this.ctx,
        { companyId: m.companyId, whatsappId: m.whatsappId },
        '/check-numbers',
        { numbers: m.numbers, lids: m.lids ?? true },
        { timeoutMs: 30_000 },
      );
    } catch (err) {
      if (err instanceof SessionUnavailableError) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      throw err;
    }
    const parsed = checkNumbersAnswer.safeParse(answer);
    if (!parsed.success) throw new Error('the session answered /check-numbers malformed');
    const byInput = new Map(parsed.data.results.map((r) => [r.input, r]));
    return m.numbers.map((input) => {
      const r = byInput.get(input);
      if (!r) throw new Error('the session answered /check-numbers without every number');
      return {
        input,
        exists: r.exists,
        number: r.exists ? (r.number ?? input) : null,
        lid: r.lid ?? null,
      };
    });
  }

  /**
   * The chat a sent message is in: its ticket's contact (at the LID when that is all that is
   * known of it), else the jid it was stored with.
   */
  private async chatOf(m: {
    companyId: number;
    whatsappId: number | null;
    wid: string;
  }): Promise<{ whatsappId: number; to: Recipient }> {
    const [row] = await tenantData(this.ctx.ds, m.companyId).query<{
      whatsappId: number | null;
      remoteJid: string | null;
      number: string | null;
      lid: string | null;
      isGroup: boolean | null;
    }>(
      `SELECT m."whatsappId", m."remoteJid", c.number, c.lid, c."isGroup"
         FROM messages m
         LEFT JOIN tickets t ON t.id = m."ticketId" AND t."companyId" = m."companyId"
         LEFT JOIN contacts c ON c.id = t."contactId" AND c."companyId" = m."companyId"
        WHERE m."companyId" = $1 AND m.wid = $2 AND ($3::int IS NULL OR m."whatsappId" = $3)
        ORDER BY m.id DESC LIMIT 1`,
      [m.companyId, m.wid, m.whatsappId],
    );
    const whatsappId = m.whatsappId ?? row?.whatsappId ?? null;
    if (!row || whatsappId === null) throw new AppError('ERR_NOT_FOUND');
    if (row.number) return { whatsappId, to: { number: row.number, isGroup: !!row.isGroup } };
    if (row.lid && !row.isGroup)
      return { whatsappId, to: { number: lidJid(row.lid), isGroup: false } };
    const jid = /^([\d-]+)(?::\d+)?@(s\.whatsapp\.net|g\.us|lid)$/.exec(row.remoteJid ?? '');
    if (!jid) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    if (jid[2] === 'lid') return { whatsappId, to: { number: lidJid(jid[1]!), isGroup: false } };
    return { whatsappId, to: { number: jid[1]!, isGroup: jid[2] === 'g.us' } };
  }
}

/** A LID as the jid the session sends to (the session passes anything with an `@` on). */
function lidJid(lid: string): string {
  return lid.includes('@') ? lid : `${lid}@lid`;
}
