import type { InboundEvent, InboundKind } from '@atendo/domain';
import { arr, obj, str, type Json, type MetaInbound } from './meta-inbound.js';

/** Messenger/Instagram attachment types → message kinds. */
const ATTACHMENT_KINDS: Partial<Record<string, InboundKind>> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  file: 'document',
};
/** What the download falls back to when the CDN does not say. */
const DEFAULT_MIME: Partial<Record<InboundKind, string>> = {
  image: 'image/jpeg',
  audio: 'audio/mpeg',
  video: 'video/mp4',
  document: 'application/octet-stream',
};

/**
 * A Messenger (`object: page`) or Instagram (`object: instagram`) webhook mapped to inbound
 * events: `entry[].messaging[]` carries messages (text, attachments, replies), reactions,
 * unsends (Instagram), deliveries (ids → ack 2) and reads (Instagram: an id → ack 3;
 * Messenger: a watermark, resolved against our stored messages by the caller). The customer
 * is `sender.id` (a page-scoped id). Echoes (`is_echo`: what the page itself sent, ours
 * included) are left out: they are never the customer's input. Pure: no I/O.
 */
export function mapMessengerWebhook(payload: unknown): {
  items: MetaInbound[];
  skipped: string[];
} {
  const p = obj(payload);
  const channel = p.object === 'instagram' ? 'instagram' : 'facebook';
  const items: MetaInbound[] = [];
  const skipped: string[] = [];
  for (const e of arr(p.entry)) {
    const entry = obj(e);
    const accountId = str(entry.id);
    if (!accountId) {
      skipped.push('entry without id');
      continue;
    }
    for (const ev of arr(entry.messaging)) {
      const m = obj(ev);
      const customerId = str(obj(m.sender).id);
      const message = obj(m.message);
      if (message.is_echo === true) {
        skipped.push(`echo ${str(message.mid) ?? ''}`);
        continue;
      }
      if (!customerId) {
        skipped.push('event without sender');
        continue;
      }
      const push = (event: InboundEvent, media?: { url: string; mimetype: string }) =>
        items.push({ type: 'event', channel, accountId, event, media });
      if (m.message) {
        const mapped = mapMessengerMessage(m, customerId);
        if (typeof mapped === 'string') skipped.push(mapped);
        else for (const one of mapped) push(one.event, one.media);
      } else if (m.reaction) {
        const r = obj(m.reaction);
        const target = str(r.mid);
        if (!target) skipped.push('reaction without mid');
        else
          push({
            type: 'message',
            // A reaction has no id of its own: one per customer, target and emoji.
            wid: `reaction-${target}-${customerId}-${str(m.timestamp) ?? ''}`,
            fromMe: false,
            timestamp: seconds(m.timestamp),
            contact: { platformId: customerId },
            kind: 'reactionMessage',
            body: r.action === 'unreact' ? '' : (str(r.emoji) ?? ''),
            reactionToWid: target,
            isForwarded: false,
            raw: m,
          });
      } else if (m.delivery) {
        for (const mid of arr(obj(m.delivery).mids)) {
          const wid = str(mid);
          if (wid) push({ type: 'ack', wid, ack: 2 });
        }
      } else if (m.read) {
        const read = obj(m.read);
        const mid = str(read.mid);
        const watermark = Number(read.watermark);
        if (mid) push({ type: 'ack', wid: mid, ack: 3 });
        else if (Number.isFinite(watermark) && watermark > 0)
          items.push({ type: 'readUntil', channel, accountId, customerId, watermark });
        else skipped.push('read without mid or watermark');
      } else {
        skipped.push(`unsupported messaging event (${Object.keys(m).join(',')})`);
      }
    }
  }
  return { items, skipped };
}

/** Meta's millisecond timestamps as the seconds of the inbound contract. */
function seconds(v: unknown): number | undefined {
  const ms = Number(v);
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : undefined;
}

/**
 * One `messaging[].message`: its text, then one message per attachment (the first keeps
 * the message's id so a redelivery deduplicates; the others get `<mid>-<n>`). An Instagram
 * unsend (`is_deleted`) is a revoke.
 */
export function mapMessengerMessage(
  m: Json,
  customerId: string,
): { event: InboundEvent; media?: { url: string; mimetype: string } }[] | string {
  const message = obj(m.message);
  const mid = str(message.mid);
  if (!mid) return 'message without mid';
  if (message.is_deleted === true) return [{ event: { type: 'revoke', wid: mid } }];
  const base = {
    type: 'message' as const,
    fromMe: false,
    timestamp: seconds(m.timestamp),
    contact: { platformId: customerId },
    quotedWid: str(obj(message.reply_to).mid) ?? null,
    isForwarded: false,
    raw: m,
  };
  const out: { event: InboundEvent; media?: { url: string; mimetype: string } }[] = [];
  const text = str(message.text);
  const attachments = arr(message.attachments).map(obj);
  for (const a of attachments) {
    const type = str(a.type) ?? '';
    const url = str(obj(a.payload).url);
    const kind = ATTACHMENT_KINDS[type];
    if (!kind || !url) continue;
    const mimetype = DEFAULT_MIME[kind]!;
    const wid = out.length === 0 ? mid : `${mid}-${out.length}`;
    out.push({
      event: {
        ...base,
        wid,
        kind,
        // The text travels as the first attachment's caption.
        body: out.length === 0 && text ? text : '',
        media: { mimetype, fileName: null },
      },
      media: { url, mimetype },
    });
  }
  if (out.length === 0) {
    if (!text) return `message ${mid} with nothing we can show`;
    out.push({ event: { ...base, wid: mid, kind: 'chat', body: text } });
  }
  return out;
}
