import {
  BufferJSON,
  WAMessageStubType,
  isJidGroup,
  jidDecode,
  normalizeMessageContent,
  proto,
  type LIDMapping,
  type MessageUserReceiptUpdate,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import type { InboundEvent, InboundIdentity, InboundKind, InboundMessage } from '@atendo/domain';

/**
 * Baileys' payloads → the platform's InboundEvent. Pure: no socket, no I/O, so every kind is
 * tested with real `proto.WebMessageInfo` objects. `null` = nothing the platform keeps
 * (status broadcasts, protocol stubs, kinds we do not store).
 */

/**
 * The kinds that come with a file: the domain's MEDIA_KINDS, repeated because the session
 * imports only the domain's types (loading its schemas would cost an idle session tens of MB).
 */
export const MEDIA_KINDS: readonly InboundKind[] = [
  'image',
  'audio',
  'video',
  'document',
  'sticker',
];

const NUMBER = /^\d{5,20}$/;
const LID = /^\d{1,40}$/;

/** A jid's user part when it is a phone number (`@s.whatsapp.net`, legacy `@c.us`). */
export function numberOf(jid: string | null | undefined): string | null {
  const d = jid ? jidDecode(jid) : undefined;
  if (!d || (d.server !== 's.whatsapp.net' && d.server !== 'c.us')) return null;
  return NUMBER.test(d.user) ? d.user : null;
}

/** A jid's user part when it is a LID (never used as a number). */
export function lidOf(jid: string | null | undefined): string | null {
  const d = jid ? jidDecode(jid) : undefined;
  if (!d || d.server !== 'lid') return null;
  return LID.test(d.user) ? d.user : null;
}

/** One person from a jid and its alternate (Baileys 7 gives the PN for a LID and back). */
export function identityOf(
  jids: (string | null | undefined)[],
  name?: string | null,
): InboundIdentity {
  let number: string | null = null;
  let lid: string | null = null;
  for (const jid of jids) {
    number ??= numberOf(jid);
    lid ??= lidOf(jid);
  }
  return { number, lid, ...(name ? { name: name.slice(0, 255) } : {}) };
}

function isSkippedChat(jid: string): boolean {
  return jid === 'status@broadcast' || jid.endsWith('@broadcast') || jid.endsWith('@newsletter');
}

const CALL_STUBS = new Set<number>([
  WAMessageStubType.CALL_MISSED_VOICE,
  WAMessageStubType.CALL_MISSED_VIDEO,
  WAMessageStubType.CALL_MISSED_GROUP_VOICE,
  WAMessageStubType.CALL_MISSED_GROUP_VIDEO,
]);
const VIDEO_CALL_STUBS = new Set<number>([
  WAMessageStubType.CALL_MISSED_VIDEO,
  WAMessageStubType.CALL_MISSED_GROUP_VIDEO,
]);

function seconds(ts: WAMessage['messageTimestamp']): number | undefined {
  if (ts === null || ts === undefined) return undefined;
  const n = typeof ts === 'number' ? ts : Number(ts.toString());
  return Number.isFinite(n) && n > 0 ? Math.trunc(n) : undefined;
}

/** The text of a message's content (text kinds, captions, button/list answers). */
export function textOf(content: proto.IMessage | null | undefined): string {
  const c = normalizeMessageContent(content);
  if (!c) return '';
  return (
    c.conversation ??
    c.extendedTextMessage?.text ??
    c.imageMessage?.caption ??
    c.videoMessage?.caption ??
    c.documentMessage?.caption ??
    c.buttonsResponseMessage?.selectedDisplayText ??
    c.listResponseMessage?.title ??
    c.templateButtonReplyMessage?.selectedDisplayText ??
    ''
  );
}

/**
 * Message kinds a person sees on the phone that the console does not render: stored as a
 * line saying what arrived, so nothing the customer sent silently vanishes. (Protocol and
 * key-distribution payloads are not among them.)
 */
const UNRENDERED = new Map<string, string>([
  ['pollUpdateMessage', 'voto em enquete'],
  ['eventMessage', 'evento'],
  ['groupInviteMessage', 'convite para grupo'],
  ['productMessage', 'produto'],
  ['orderMessage', 'pedido'],
  ['listMessage', 'lista'],
  ['buttonsMessage', 'botões'],
  ['templateMessage', 'modelo'],
  ['interactiveMessage', 'mensagem interativa'],
  ['requestPaymentMessage', 'pedido de pagamento'],
  ['sendPaymentMessage', 'pagamento'],
  ['invoiceMessage', 'fatura'],
  ['scheduledCallCreationMessage', 'chamada agendada'],
  ['lottieStickerMessage', 'figurinha animada'],
  ['stickerPackMessage', 'pacote de figurinhas'],
  ['albumMessage', 'álbum'],
  ['pollResultSnapshotMessage', 'resultado de enquete'],
  ['requestPhoneNumberMessage', 'pedido de número'],
]);

/** The line stored for a kind the console does not render. */
function placeholder(kind: string): string {
  return `[${UNRENDERED.get(kind) ?? kind}: abra no celular para ver]`;
}

/** The text of an answer to an interactive (native flow) message: its body, else its choice. */
function interactiveReplyText(m: proto.Message.IInteractiveResponseMessage): string {
  if (m.body?.text) return m.body.text;
  const params = m.nativeFlowResponseMessage?.paramsJson;
  if (params) {
    try {
      const p = JSON.parse(params) as Record<string, unknown>;
      const shown = p.title ?? p.display_text ?? p.id;
      if (typeof shown === 'string' && shown) return shown;
    } catch {
      // Not JSON: shown as the name of the flow below.
    }
  }
  return m.nativeFlowResponseMessage?.name || placeholder('interactiveMessage');
}

interface Content {
  kind: InboundKind;
  body: string;
  media?: { mimetype: string; fileName?: string | null } | null;
  context?: proto.IContextInfo | null;
  reactionToWid?: string | null;
}

function callLogBody(isVideo: boolean, outcome: string): string {
  return `${isVideo ? 'video' : 'voice'} call ${outcome.toLowerCase().replace(/_/g, ' ')}`;
}

/** What one (unwrapped) content is, in our kinds; null for kinds we do not store. */
function contentOf(c: proto.IMessage): Content | null {
  if (c.conversation) return { kind: 'chat', body: c.conversation };
  if (c.extendedTextMessage) {
    const m = c.extendedTextMessage;
    return { kind: 'chat', body: m.text ?? '', context: m.contextInfo };
  }
  if (c.imageMessage) {
    const m = c.imageMessage;
    return {
      kind: 'image',
      body: m.caption ?? '',
      media: { mimetype: m.mimetype || 'image/jpeg' },
      context: m.contextInfo,
    };
  }
  if (c.videoMessage) {
    const m = c.videoMessage;
    return {
      kind: 'video',
      body: m.caption ?? '',
      media: { mimetype: m.mimetype || 'video/mp4' },
      context: m.contextInfo,
    };
  }
  if (c.audioMessage) {
    const m = c.audioMessage;
    return {
      kind: 'audio',
      body: '',
      media: { mimetype: m.mimetype || (m.ptt ? 'audio/ogg; codecs=opus' : 'audio/mpeg') },
      context: m.contextInfo,
    };
  }
  if (c.documentMessage) {
    const m = c.documentMessage;
    const fileName = m.fileName || m.title || null;
    return {
      kind: 'document',
      body: m.caption || fileName || '',
      media: { mimetype: m.mimetype || 'application/octet-stream', fileName },
      context: m.contextInfo,
    };
  }
  if (c.stickerMessage) {
    const m = c.stickerMessage;
    return {
      kind: 'sticker',
      body: '',
      media: { mimetype: m.mimetype || 'image/webp' },
      context: m.contextInfo,
    };
  }
  if (c.contactMessage) {
    const m = c.contactMessage;
    return { kind: 'contactMessage', body: m.vcard ?? '', context: m.contextInfo };
  }
  if (c.contactsArrayMessage) {
    const m = c.contactsArrayMessage;
    const cards = (m.contacts ?? []).map((x) => x.vcard ?? '').filter(Boolean);
    return { kind: 'contactMessage', body: cards.join('\n'), context: m.contextInfo };
  }
  if (c.locationMessage || c.liveLocationMessage) {
    const m = (c.locationMessage ?? c.liveLocationMessage)!;
    const description = c.locationMessage
      ? [c.locationMessage.name, c.locationMessage.address].filter(Boolean).join(' - ')
      : c.liveLocationMessage?.caption;
    const body = `${m.degreesLatitude ?? 0},${m.degreesLongitude ?? 0}`;
    return {
      kind: 'locationMessage',
      body: description ? `${body}\n${description}` : body,
      context: m.contextInfo,
    };
  }
  if (c.reactionMessage) {
    const m = c.reactionMessage;
    return { kind: 'reactionMessage', body: m.text ?? '', reactionToWid: m.key?.id ?? null };
  }
  if (c.callLogMesssage) {
    const m = c.callLogMesssage;
    const outcome = proto.Message.CallLogMessage.CallOutcome[m.callOutcome ?? 0] ?? 'CONNECTED';
    return { kind: 'call_log', body: callLogBody(!!m.isVideo, String(outcome)) };
  }
  if (c.ptvMessage) {
    // A video note (the round video): a video like any other for the console.
    const m = c.ptvMessage;
    return {
      kind: 'video',
      body: m.caption ?? '',
      media: { mimetype: m.mimetype || 'video/mp4' },
      context: m.contextInfo,
    };
  }
  const poll = c.pollCreationMessage ?? c.pollCreationMessageV2 ?? c.pollCreationMessageV3;
  if (poll) {
    const options = (poll.options ?? []).map((o) => `• ${o.optionName ?? ''}`);
    return {
      kind: 'chat',
      body: [`📊 ${poll.name ?? ''}`, ...options].join('\n'),
      context: poll.contextInfo,
    };
  }
  if (c.interactiveResponseMessage) {
    const m = c.interactiveResponseMessage;
    return { kind: 'chat', body: interactiveReplyText(m), context: m.contextInfo };
  }
  if (c.interactiveMessage) {
    const m = c.interactiveMessage;
    const body = [m.header?.title, m.body?.text, m.footer?.text].filter(Boolean).join('\n');
    return {
      kind: 'chat',
      body: body || placeholder('interactiveMessage'),
      context: m.contextInfo,
    };
  }
  if (c.buttonsResponseMessage || c.listResponseMessage || c.templateButtonReplyMessage) {
    const context =
      c.buttonsResponseMessage?.contextInfo ??
      c.listResponseMessage?.contextInfo ??
      c.templateButtonReplyMessage?.contextInfo;
    return { kind: 'chat', body: textOf(c), context };
  }
  const kind = Object.keys(c).find((k) => UNRENDERED.has(k) && c[k as keyof proto.IMessage]);
  if (kind) return { kind: 'chat', body: placeholder(kind) };
  return null;
}

/** The raw payload kept beside the message (Buffers as base64, as BufferJSON writes them). */
function rawOf(msg: WAMessage): unknown {
  return JSON.parse(JSON.stringify(msg, BufferJSON.replacer));
}

/** A WhatsApp message → a message, edit or revoke event; null when there is nothing to keep. */
export function mapMessage(msg: WAMessage): InboundEvent | null {
  const key = msg.key;
  const remoteJid = key?.remoteJid;
  if (!key?.id || !remoteJid || isSkippedChat(remoteJid)) return null;

  let content: Content | null;
  if (msg.messageStubType && CALL_STUBS.has(msg.messageStubType)) {
    content = {
      kind: 'call_log',
      body: callLogBody(VIDEO_CALL_STUBS.has(msg.messageStubType), 'missed'),
    };
  } else {
    const c = normalizeMessageContent(msg.message);
    if (!c) return null;
    const pm = c.protocolMessage;
    if (pm) {
      const target = pm.key?.id;
      if (!target) return null;
      if (pm.type === proto.Message.ProtocolMessage.Type.REVOKE)
        return { type: 'revoke', wid: target };
      if (pm.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
        return { type: 'edit', wid: target, body: textOf(pm.editedMessage) };
      }
      return null;
    }
    content = contentOf(c);
  }
  if (!content) return null;

  const fromMe = !!key.fromMe;
  const k = key as WAMessageKey;
  const group = isJidGroup(remoteJid);
  const pushName = fromMe ? null : msg.pushName;
  const groupUser = group ? (jidDecode(remoteJid)?.user ?? remoteJid) : null;
  const event: InboundMessage = {
    type: 'message',
    wid: key.id,
    fromMe,
    timestamp: seconds(msg.messageTimestamp),
    contact: group
      ? { number: NUMBER.test(groupUser!) ? groupUser : null, platformId: groupUser, lid: null }
      : identityOf([remoteJid, k.remoteJidAlt], pushName),
    group: group ? { id: groupUser!, name: null } : null,
    participant: group
      ? identityOf([k.participant, k.participantAlt, msg.participant], pushName)
      : null,
    kind: content.kind,
    body: content.body,
    media: content.media ?? null,
    quotedWid: content.context?.stanzaId || null,
    reactionToWid: content.reactionToWid ?? null,
    isForwarded: !!content.context?.isForwarded,
    raw: rawOf(msg),
  };
  return event;
}

/**
 * The product's ack scale (0 clock, 1 sent, 2 delivered, 3 read, 4 played: what the console's
 * ticks show, and what the Cloud API channel stores) for Baileys' WAMessageStatus (0 error,
 * 1 pending, 2 server ack, 3 delivery ack, 4 read, 5 played): one step lower. Passed through
 * unchanged, every delivered WhatsApp message showed as read. An error stays at the clock.
 */
export function ackOfStatus(status: number): number {
  return Math.max(0, Math.min(4, status - 1));
}

/** A status change of one of our messages → its ack on the product's scale. */
export function mapUpdate(u: WAMessageUpdate): InboundEvent | null {
  const status = u.update?.status;
  if (!u.key?.id || !u.key.fromMe || status === null || status === undefined) return null;
  return { type: 'ack', wid: u.key.id, ack: ackOfStatus(status) };
}

/** A per-user receipt (groups, and read/played receipts) → the highest ack it shows. */
export function mapReceipt(r: MessageUserReceiptUpdate): InboundEvent | null {
  if (!r.key?.id || !r.key.fromMe) return null;
  const x = r.receipt;
  const ack = x.playedTimestamp ? 4 : x.readTimestamp ? 3 : x.receiptTimestamp ? 2 : null;
  return ack === null ? null : { type: 'ack', wid: r.key.id, ack };
}

/** A `messages.reaction` entry → the reaction message (same wid as its upsert: idempotent). */
export function mapReaction(r: {
  key: WAMessageKey;
  reaction: proto.IReaction;
}): InboundEvent | null {
  const rk = r.reaction.key as WAMessageKey | null | undefined;
  const remoteJid = rk?.remoteJid ?? r.key.remoteJid;
  if (!rk?.id || !r.key.id || !remoteJid || isSkippedChat(remoteJid)) return null;
  return mapMessage({
    key: { ...rk, remoteJid },
    message: { reactionMessage: { key: r.key, text: r.reaction.text ?? '' } },
    messageTimestamp: r.reaction.senderTimestampMs
      ? Math.trunc(Number(r.reaction.senderTimestampMs.toString()) / 1000)
      : undefined,
  });
}

/** An incoming call offer → a call event (the answer may ask to reject it). */
export function mapCall(c: WACallEvent): InboundEvent | null {
  if (c.status !== 'offer' || !c.id) return null;
  const ts = Math.trunc(new Date(c.date).getTime() / 1000);
  return {
    type: 'call',
    callId: c.id,
    from: identityOf([c.from, c.callerPn]),
    isVideo: !!c.isVideo,
    ...(ts > 0 ? { timestamp: ts } : {}),
  };
}

/** WhatsApp told us a LID's phone number. */
export function mapLidMapping(m: LIDMapping): InboundEvent | null {
  const lid = lidOf(m.lid) ?? (LID.test(m.lid) ? m.lid : null);
  const number = numberOf(m.pn) ?? (NUMBER.test(m.pn) ? m.pn : null);
  return lid && number ? { type: 'lid', lid, number } : null;
}
