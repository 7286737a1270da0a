import type { InboundEvent, InboundKind } from '@atendo/domain';
import { arr, obj, str, type Json, type MetaInbound, type MetaMediaRef } from './meta-inbound.js';

/**
 * The WhatsApp Cloud API webhook (`object: whatsapp_business_account`) mapped to inbound
 * events: `entry[].changes[].value.messages[]` become messages of the customer `from` (wa_id
 * digits, the name from `value.contacts[]`), `statuses[]` become acks of the messages we
 * sent. Pure: no I/O; what cannot be mapped is left out and listed in `skipped` for the log.
 */
export function mapCloudWebhook(payload: unknown): { items: MetaInbound[]; skipped: string[] } {
  const items: MetaInbound[] = [];
  const skipped: string[] = [];
  for (const entry of arr(obj(payload).entry)) {
    for (const change of arr(obj(entry).changes)) {
      const c = obj(change);
      if (c.field !== undefined && c.field !== 'messages') continue;
      const value = obj(c.value);
      const accountId = str(obj(value.metadata).phone_number_id);
      if (!accountId) {
        skipped.push('change without metadata.phone_number_id');
        continue;
      }
      const names = new Map<string, string>();
      for (const ct of arr(value.contacts)) {
        const waId = str(obj(ct).wa_id);
        const name = str(obj(obj(ct).profile).name);
        if (waId && name) names.set(waId, name);
      }
      for (const m of arr(value.messages)) {
        const mapped = mapCloudMessage(obj(m), names);
        if (typeof mapped === 'string') skipped.push(mapped);
        else
          items.push({
            type: 'event',
            channel: 'whatsappapi',
            accountId,
            event: mapped.event,
            media: mapped.media,
          });
      }
      for (const s of arr(value.statuses)) {
        const mapped = mapCloudStatus(obj(s));
        if (typeof mapped === 'string') skipped.push(mapped);
        else items.push({ type: 'event', channel: 'whatsappapi', accountId, event: mapped });
      }
    }
  }
  return { items, skipped };
}

/** Cloud API statuses → our acks: sent 1, delivered 2, read 3; a failure leaves the message at 0. */
const STATUS_ACK: Record<string, number> = { sent: 1, delivered: 2, read: 3 };

export function mapCloudStatus(s: Json): InboundEvent | string {
  const wid = str(s.id);
  const status = str(s.status) ?? '';
  if (!wid) return 'status without id';
  const ack = STATUS_ACK[status];
  if (ack === undefined) {
    const error = obj(arr(s.errors)[0]);
    return `status ${status} of ${wid}${error.code ? ` (error ${String(error.code)}: ${String(error.title ?? '')})` : ''}`;
  }
  return { type: 'ack', wid, ack };
}

const MEDIA_TYPES: Partial<Record<string, InboundKind>> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'document',
  sticker: 'sticker',
};

/** A vCard of one shared contact (Cloud API `contacts[]` of a contacts message). */
function vcardOf(c: Json): string {
  const name = obj(c.name);
  const full = str(name.formatted_name) ?? str(name.first_name) ?? '';
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${full}`, `FN:${full}`];
  for (const p of arr(c.phones)) {
    const phone = obj(p);
    const waId = str(phone.wa_id);
    const number = str(phone.phone) ?? (waId ? `+${waId}` : undefined);
    if (number) lines.push(`TEL;type=CELL${waId ? `;waid=${waId}` : ''}:${number}`);
  }
  lines.push('END:VCARD');
  return lines.join('\n');
}

/** One Cloud API message → a message event (and the media to download), or why not. */
export function mapCloudMessage(
  m: Json,
  names: Map<string, string> = new Map(),
): { event: InboundEvent; media?: MetaMediaRef } | string {
  const wid = str(m.id);
  const from = str(m.from);
  const type = str(m.type) ?? '';
  if (!wid || !from || !/^\d{5,20}$/.test(from)) return `message without id or sender (${type})`;
  const context = obj(m.context);
  const base = {
    type: 'message' as const,
    wid,
    fromMe: false,
    timestamp: Number(str(m.timestamp)) || undefined,
    contact: { number: from, name: names.get(from) ?? null },
    quotedWid: str(context.id) ?? null,
    isForwarded: context.forwarded === true || context.frequently_forwarded === true,
    raw: m,
  };
  const mediaKind = MEDIA_TYPES[type];
  if (mediaKind) {
    const media = obj(m[type]);
    const id = str(media.id);
    if (!id) return `${type} message ${wid} without media id`;
    const mimetype = (str(media.mime_type) ?? 'application/octet-stream').split(';')[0]!.trim();
    const fileName = str(media.filename) ?? null;
    return {
      event: {
        ...base,
        kind: mediaKind,
        body: str(media.caption) ?? fileName ?? '',
        media: { mimetype, fileName },
      },
      media: { id, mimetype, fileName },
    };
  }
  switch (type) {
    case 'text':
      return { event: { ...base, kind: 'chat', body: str(obj(m.text).body) ?? '' } };
    case 'location': {
      const l = obj(m.location);
      const lat = Number(l.latitude);
      const lng = Number(l.longitude);
      if (!Number.isFinite(lat) || !Number.isFinite(lng))
        return `location ${wid} without coordinates`;
      const description = [str(l.name), str(l.address)].filter(Boolean).join(' - ');
      return {
        event: {
          ...base,
          kind: 'locationMessage',
          body: description ? `${lat},${lng}\n${description}` : `${lat},${lng}`,
        },
      };
    }
    case 'contacts': {
      const cards = arr(m.contacts).map((c) => vcardOf(obj(c)));
      if (!cards.length) return `contacts message ${wid} without contacts`;
      return { event: { ...base, kind: 'contactMessage', body: cards.join('\n') } };
    }
    case 'reaction': {
      const r = obj(m.reaction);
      const target = str(r.message_id);
      if (!target) return `reaction ${wid} without target`;
      // An empty emoji is the customer taking the reaction back.
      return {
        event: {
          ...base,
          kind: 'reactionMessage',
          body: typeof r.emoji === 'string' ? r.emoji : '',
          reactionToWid: target,
        },
      };
    }
    case 'interactive': {
      // A tap on a reply button or a list row: the customer "said" its title.
      const i = obj(m.interactive);
      const reply = obj(i.button_reply ?? i.list_reply);
      const body = str(reply.title) ?? str(reply.id);
      if (!body) return `interactive ${wid} of an unknown kind`;
      return { event: { ...base, kind: 'chat', body } };
    }
    case 'button': {
      // A tap on a template's quick-reply button.
      const b = obj(m.button);
      const body = str(b.text) ?? str(b.payload);
      if (!body) return `button ${wid} without text`;
      return { event: { ...base, kind: 'chat', body } };
    }
    default:
      return `unsupported message type ${type || '(none)'} (${wid})`;
  }
}
