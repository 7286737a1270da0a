import {
  BufferJSON,
  type AnyMessageContent,
  type proto,
  type WAMessage,
} from '@whiskeysockets/baileys';
import { z } from 'zod';
import type { OutboundMedia } from './internal-api.js';
import { audioMessageFor } from './voice-note.js';

/** Who a control call is about: digits (a group's id for groups); a full jid passes through. */
export const targetSchema = z.object({
  number: z.string().trim().min(1).max(128),
  isGroup: z.boolean().default(false),
});
export type Target = z.output<typeof targetSchema>;

export const OUTBOUND_KINDS = [
  'chat',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'contactMessage',
  'locationMessage',
] as const;

export const sendSchema = z.object({
  id: z.string().min(1).max(128),
  to: targetSchema,
  body: z.string().max(65_536).default(''),
  mediaType: z.enum(OUTBOUND_KINDS).default('chat'),
  mediaFile: z.string().min(1).max(512).nullable().optional(),
  fileName: z.string().max(255).nullable().optional(),
  quotedWid: z.string().min(1).max(256).nullable().optional(),
  /** The quoted message as the api stored it: its author and what it said. */
  quoted: z
    .object({
      fromMe: z.boolean(),
      body: z.string().max(65_536).default(''),
      participant: z.string().max(128).nullable().optional(),
      /** WhatsApp's own content of the quoted message (BufferJSON), when the api kept it. */
      content: z.record(z.string(), z.unknown()).nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type SendRequest = z.output<typeof sendSchema>;

/** The jid of a target. */
export function jidOf(t: Target): string {
  if (t.number.includes('@')) return t.number;
  const digits = t.number.replace(/[^\d-]/g, '');
  return t.isGroup ? `${digits}@g.us` : `${digits}@s.whatsapp.net`;
}

/**
 * Whether an audio whose bytes tell nothing (see {@link audioMessageFor}) goes as a voice note
 * (ptt): its type says Ogg or Opus, or its name is a console recording's (`audio-record…`,
 * `ptt…`) that is not an MP3, AAC or M4A. Phones play a voice note only as Ogg/Opus, so anything
 * else goes as a plain audio, which they play.
 */
export function isRecordedAudio(mimetype: string, fileName?: string | null): boolean {
  const name = fileName ?? '';
  if (/mpeg|mp3|mp4|aac|m4a/i.test(mimetype) || /\.(mp3|m4a|aac|mp4)$/i.test(name)) return false;
  return /ogg|opus/i.test(mimetype) || /^(audio[-_]record|ptt)/i.test(name);
}

function vcardName(vcard: string): string {
  return /^FN[^:]*:(.*)$/m.exec(vcard)?.[1]?.trim() || 'Contact';
}

/** "lat,lng" and an optional description line → numbers, or null when it is not a location. */
export function parseLocation(body: string): { lat: number; lng: number; name?: string } | null {
  const [first = '', ...rest] = body.split('\n');
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(first);
  if (!m) return null;
  const name = rest.join('\n').trim();
  return { lat: Number(m[1]), lng: Number(m[2]), ...(name ? { name } : {}) };
}

/**
 * What Baileys sends for one request (media already fetched from the api). Audio is told by its
 * bytes (see voice-note.ts): a recording goes as an Ogg/Opus voice note WhatsApp plays on phones
 * (a Chrome WebM/Opus one remuxed to Ogg), an MP3 as a plain `audio/mpeg` audio.
 */
export async function contentFor(
  req: SendRequest,
  media: OutboundMedia | null,
): Promise<AnyMessageContent> {
  const caption = req.body || undefined;
  const need = () => {
    if (!media) throw new Error(`${req.mediaType} needs mediaFile`);
    return media;
  };
  switch (req.mediaType) {
    case 'image':
      return { image: need().data, caption, mimetype: need().mimetype };
    case 'video':
      return { video: need().data, caption, mimetype: need().mimetype };
    case 'audio': {
      const m = need();
      return (
        (await audioMessageFor(m.data)) ?? {
          audio: m.data,
          mimetype: m.mimetype,
          ptt: isRecordedAudio(m.mimetype, req.fileName),
        }
      );
    }
    case 'document': {
      const m = need();
      const fileName = req.fileName || req.mediaFile || 'file';
      return {
        document: m.data,
        mimetype: m.mimetype,
        fileName,
        caption: caption && caption !== fileName ? caption : undefined,
      };
    }
    case 'sticker':
      return { sticker: need().data };
    case 'contactMessage':
      return { contacts: { displayName: vcardName(req.body), contacts: [{ vcard: req.body }] } };
    case 'locationMessage': {
      const loc = parseLocation(req.body);
      if (!loc) return { text: req.body };
      return {
        location: { degreesLatitude: loc.lat, degreesLongitude: loc.lng, name: loc.name },
      };
    }
    default:
      return { text: req.body };
  }
}

/**
 * The quoted message Baileys puts in a reply: its real author (ours, the customer's, or a group
 * member's) and its real content, so the customer's phone shows the quote as WhatsApp would.
 * Only the id known: a customer's message with no preview (the best that can be said).
 */
export function quotedFor(jid: string, wid: string, quoted?: SendRequest['quoted']): WAMessage {
  const content = quoted?.content
    ? (JSON.parse(JSON.stringify(quoted.content), BufferJSON.reviver) as proto.IMessage)
    : null;
  return {
    key: {
      remoteJid: jid,
      id: wid,
      fromMe: quoted?.fromMe ?? false,
      ...(quoted?.participant && !quoted.fromMe ? { participant: quoted.participant } : {}),
    },
    message: content ?? { conversation: quoted?.body ?? '' },
  };
}
