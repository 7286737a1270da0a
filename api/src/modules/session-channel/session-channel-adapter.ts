import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { ChannelAdapter, OutboundSend } from '../messages/channel-adapter.js';
import { callSession, SessionUnavailableError } from './call-session.js';

/**
 * Our id of a message on WhatsApp. The session passes it to Baileys as the message id and
 * answers a repeated id with the first send's wid, so a retry after a lost answer never sends
 * twice: the id is a function of the message alone.
 */
export const channelMessageId = (companyId: number, messageId: number) =>
  `ATD${companyId}-${messageId}`;

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
    if (!m.to.number) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    const mediaType = sessionKind(m);
    const { wid } = await callSession<{ wid: string }>(
      this.ctx,
      { companyId: m.companyId, whatsappId: m.whatsappId },
      '/messages',
      {
        id: channelMessageId(m.companyId, m.messageId),
        to: { number: m.to.number, isGroup: m.to.isGroup },
        body: mediaType === 'locationMessage' ? locationBody(m.body) : m.body,
        mediaType,
        mediaFile: m.mediaFile,
        fileName: mediaType === 'document' ? m.mediaFile : null,
        quotedWid: m.quotedWid,
      },
    );
    if (typeof wid !== 'string' || !wid) throw new Error('the session answered no wid');
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

  /** The chat a sent message is in: its ticket's contact, else the jid it was stored with. */
  private async chatOf(m: {
    companyId: number;
    whatsappId: number | null;
    wid: string;
  }): Promise<{ whatsappId: number; to: Recipient }> {
    const [row] = await tenantData(this.ctx.ds, m.companyId).query<{
      whatsappId: number | null;
      remoteJid: string | null;
      number: string | null;
      isGroup: boolean | null;
    }>(
      `SELECT m."whatsappId", m."remoteJid", c.number, c."isGroup"
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
    const jid = /^([\d-]+)(?::\d+)?@(s\.whatsapp\.net|g\.us)$/.exec(row.remoteJid ?? '');
    if (!jid) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    return { whatsappId, to: { number: jid[1]!, isGroup: jid[2] === 'g.us' } };
  }
}
