import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { ChannelAdapter, OutboundSend } from '../../channels/channel-adapter.js';
import { privateUploadDir } from '../uploads/private-uploads.js';
import { mimeOfStoredFile } from '../uploads/sniff-file-type.js';
import { graphJson } from './graph-client.js';
import { assertInsideReplyWindow } from '../messages/reply-window.js';

/** How long a sent message's channel id is remembered for retries of the same send. */
const SENT_TTL_MS = 15 * 60_000;
const SENT_MAX = 20_000;

/** Stored mediaType → Cloud API message type. */
const CLOUD_MEDIA: Record<string, 'image' | 'audio' | 'video' | 'document' | 'sticker'> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'document',
  application: 'document',
  sticker: 'sticker',
};
/** Stored mediaType → Messenger/Instagram attachment type. */
const PAGE_MEDIA: Record<string, 'image' | 'audio' | 'video' | 'file'> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'file',
  application: 'file',
  sticker: 'image',
};

/** "lat,lng" (the inbound form) or the console's maps link `…?q=lat,lng|name`. */
export function parseLocation(
  body: string,
): { latitude: number; longitude: number; name?: string } | null {
  const m = /(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)(?:\|(.*))?/.exec(body);
  if (!m) return null;
  const name = m[3]?.trim() || body.split('\n')[1]?.trim();
  return { latitude: Number(m[1]), longitude: Number(m[2]), ...(name ? { name } : {}) };
}

/** A vCard's name and phones as a Cloud API `contacts[]` entry. */
export function vcardToCloudContact(vcard: string) {
  const fn = /^FN:(.*)$/m.exec(vcard)?.[1]?.trim() || /^N:(.*)$/m.exec(vcard)?.[1]?.trim() || '-';
  const phones = [...vcard.matchAll(/^TEL([^:\n]*):(.+)$/gm)].map((t) => {
    const waId = /waid=(\d+)/.exec(t[1]!)?.[1];
    return { phone: t[2]!.trim(), ...(waId ? { wa_id: waId } : {}), type: 'CELL' };
  });
  return { name: { formatted_name: fn, first_name: fn }, phones };
}

/**
 * Outbound messages of the Meta channels through the Graph API: the WhatsApp Cloud API
 * (`POST /{phone-number-id}/messages` with the connection's tokenMeta) and Messenger /
 * Instagram (`POST /me/messages` with the page token, facebookUserToken). Tokens are read
 * from the connection row on each send and never logged.
 *
 * - The 24-hour window is checked before any call (ERR_OUTSIDE_24H_WINDOW).
 * - Idempotent by our message id: the channel id of a send is kept for 15 minutes, and a
 *   send already in flight is joined, so a retry after a lost answer never sends twice.
 *   (One api process holds the map; a retry on another replica within the same instant is
 *   the remaining gap, as Graph has no client-chosen message id.)
 * - Edit and delete for everyone do not exist on these channels: both are refused, so the
 *   console never shows a change the customer does not see.
 */
export class GraphChannelAdapter implements ChannelAdapter {
  private readonly sent = new Map<string, { at: number; wid: Promise<string> }>();

  constructor(private readonly ctx: AppContext) {}

  async send(m: OutboundSend): Promise<{ wid: string }> {
    const key = `${m.companyId}:${m.messageId}`;
    const now = Date.now();
    const known = this.sent.get(key);
    if (known && now - known.at < SENT_TTL_MS) return { wid: await known.wid };
    const wid = this.deliver(m);
    this.remember(key, now, wid);
    try {
      return { wid: await wid };
    } catch (err) {
      // A failed send may be retried for real.
      this.sent.delete(key);
      throw err;
    }
  }

  async edit(): Promise<void> {
    throw new AppError('ERR_SENDING_WAPP_MSG', {
      data: { reason: 'This channel cannot edit a sent message' },
    });
  }

  async remove(): Promise<void> {
    throw new AppError('ERR_DELETE_WAPP_MSG', {
      data: { reason: 'This channel cannot delete a sent message' },
    });
  }

  private remember(key: string, at: number, wid: Promise<string>) {
    this.sent.set(key, { at, wid });
    if (this.sent.size <= SENT_MAX) return;
    for (const [k, v] of this.sent) {
      if (at - v.at < SENT_TTL_MS && this.sent.size <= SENT_MAX) break;
      this.sent.delete(k);
    }
  }

  private async deliver(m: OutboundSend): Promise<string> {
    if (!m.whatsappId) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    const db = tenantData(this.ctx.ds, m.companyId);
    const conn = await db.of(WhatsappEntity).findOne({
      where: { id: m.whatsappId },
      select: {
        id: true,
        channel: true,
        facebookPageUserId: true,
        facebookUserToken: true,
        tokenMeta: true,
      },
    });
    if (!conn?.facebookPageUserId) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    const recipient = m.to.number;
    if (!recipient) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    await assertInsideReplyWindow(db, m.to.contactId);
    const media = m.mediaFile ? await this.readMedia(m.companyId, m.mediaFile) : null;
    if (conn.channel === 'whatsappapi') {
      if (!conn.tokenMeta) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      return this.sendCloud(conn.facebookPageUserId, conn.tokenMeta, recipient, m, media);
    }
    if (!conn.facebookUserToken) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    return this.sendPage(conn.facebookUserToken, recipient, m, media);
  }

  private async readMedia(companyId: number, fileName: string) {
    const file = path.join(
      privateUploadDir(this.ctx),
      `company${companyId}`,
      path.basename(fileName),
    );
    return { data: await fs.readFile(file), mimetype: mimeOfStoredFile(fileName), fileName };
  }

  /** WhatsApp Cloud API: media is uploaded first (POST /{phone-number-id}/media). */
  private async sendCloud(
    phoneNumberId: string,
    token: string,
    to: string,
    m: OutboundSend,
    media: { data: Buffer; mimetype: string; fileName: string } | null,
  ): Promise<string> {
    const payload: Record<string, unknown> = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      ...(m.quotedWid ? { context: { message_id: m.quotedWid } } : {}),
    };
    const type = m.mediaType ? CLOUD_MEDIA[m.mediaType] : undefined;
    const location = m.mediaType === 'locationMessage' ? parseLocation(m.body) : null;
    if (media && type) {
      const form = new FormData();
      form.set('messaging_product', 'whatsapp');
      form.set('type', media.mimetype);
      form.set(
        'file',
        new Blob([new Uint8Array(media.data)], { type: media.mimetype }),
        media.fileName,
      );
      const { id } = await graphJson<{ id: string }>(this.ctx, {
        path: `/${phoneNumberId}/media`,
        token,
        form,
      });
      const caption = m.body && !['audio', 'sticker'].includes(type) ? { caption: m.body } : {};
      const name = type === 'document' ? { filename: media.fileName } : {};
      Object.assign(payload, { type, [type]: { id, ...caption, ...name } });
    } else if (location) {
      Object.assign(payload, { type: 'location', location });
    } else if (m.mediaType === 'contactMessage') {
      Object.assign(payload, { type: 'contacts', contacts: [vcardToCloudContact(m.body)] });
    } else {
      Object.assign(payload, { type: 'text', text: { body: m.body, preview_url: false } });
    }
    const res = await graphJson<{ messages?: { id?: string }[] }>(this.ctx, {
      path: `/${phoneNumberId}/messages`,
      token,
      json: payload,
    });
    const wid = res.messages?.[0]?.id;
    if (!wid) throw new AppError('ERR_SENDING_WAPP_MSG');
    return wid;
  }

  /** Messenger and Instagram: the Send API of the page, files as multipart `filedata`. */
  private async sendPage(
    token: string,
    recipientId: string,
    m: OutboundSend,
    media: { data: Buffer; mimetype: string; fileName: string } | null,
  ): Promise<string> {
    const head = {
      recipient: { id: recipientId },
      messaging_type: 'RESPONSE',
      ...(m.quotedWid ? { reply_to: { mid: m.quotedWid } } : {}),
    };
    const send = (json?: unknown, form?: FormData) =>
      graphJson<{ message_id?: string }>(this.ctx, { path: '/me/messages', token, json, form });
    let res: { message_id?: string };
    const type = m.mediaType ? PAGE_MEDIA[m.mediaType] : undefined;
    if (media && type) {
      const form = new FormData();
      form.set('recipient', JSON.stringify(head.recipient));
      form.set('messaging_type', head.messaging_type);
      form.set(
        'message',
        JSON.stringify({ attachment: { type, payload: { is_reusable: false } } }),
      );
      form.set(
        'filedata',
        new Blob([new Uint8Array(media.data)], { type: media.mimetype }),
        media.fileName,
      );
      res = await send(undefined, form);
      // A caption has no place on an attachment: it follows as text.
      if (m.body) await send({ ...head, message: { text: m.body } });
    } else {
      res = await send({ ...head, message: { text: m.body } });
    }
    if (!res.message_id) throw new AppError('ERR_SENDING_WAPP_MSG');
    return res.message_id;
  }
}
