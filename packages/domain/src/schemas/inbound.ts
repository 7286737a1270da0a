import { z } from 'zod';

/**
 * What a channel tells the platform: the one shape every channel maps its own payloads to
 * (Baileys `WebMessageInfo` in the session program, Graph webhooks in the api), and the body
 * of the session's internal events route. The inbound pipeline (`packages/core/src/modules/inbound`)
 * takes it from there, whatever the channel.
 */

/**
 * Message kinds, stored as the message's mediaType (what the console renders): text is
 * `chat`; media kinds carry a file; `contactMessage` carries a vCard body, `locationMessage`
 * a "lat,lng" body (plus an optional description line), `reactionMessage` the emoji.
 */
export const INBOUND_KINDS = [
  'chat',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'contactMessage',
  'locationMessage',
  'reactionMessage',
  'call_log',
] as const;
export type InboundKind = (typeof INBOUND_KINDS)[number];

/** Kinds whose message comes with a file. */
export const MEDIA_KINDS: readonly InboundKind[] = [
  'image',
  'audio',
  'video',
  'document',
  'sticker',
];

/**
 * Who is on the other side. WhatsApp gives a phone number (digits with country code) and/or
 * a LID; Facebook and Instagram give a page-scoped id. A LID is never used as a number.
 */
export const inboundIdentitySchema = z.object({
  number: z
    .string()
    .regex(/^\d{5,20}$/)
    .nullable()
    .optional(),
  lid: z
    .string()
    .regex(/^\d{1,40}$/)
    .nullable()
    .optional(),
  platformId: z.string().min(1).max(128).nullable().optional(),
  name: z.string().max(255).nullable().optional(),
  profilePicUrl: z.string().url().max(2048).nullable().optional(),
});
export type InboundIdentity = z.output<typeof inboundIdentitySchema>;

const wid = z.string().min(1).max(256);

/** A message in a chat: the customer's, or one we sent from the phone (fromMe). */
export const inboundMessageSchema = z.object({
  type: z.literal('message'),
  /** The channel's own message id: the deduplication key per connection. */
  wid,
  fromMe: z.boolean().default(false),
  /** When the channel says it was sent, in seconds since the epoch. */
  timestamp: z.number().int().positive().optional(),
  /** The customer (for a group: the group itself, its id as `number`). */
  contact: inboundIdentitySchema,
  /** Set for group chats; the sender is then `participant`. */
  group: z
    .object({ id: z.string().min(1).max(64), name: z.string().max(255).nullable().optional() })
    .nullable()
    .optional(),
  participant: inboundIdentitySchema.nullable().optional(),
  kind: z.enum(INBOUND_KINDS),
  body: z.string().max(65_536).default(''),
  /** For media kinds: the file's type and name (the bytes travel beside the event). */
  media: z
    .object({
      mimetype: z.string().max(255),
      fileName: z.string().max(255).nullable().optional(),
    })
    .nullable()
    .optional(),
  /** The channel id of the message this one answers. */
  quotedWid: wid.nullable().optional(),
  /** The channel id of the message a reaction is about. */
  reactionToWid: wid.nullable().optional(),
  isForwarded: z.boolean().default(false),
  /** The raw channel payload, kept on the message for reprocessing and downloads. */
  raw: z.unknown().optional(),
});
export type InboundMessage = z.output<typeof inboundMessageSchema>;

/** The customer (or our phone) edited a message. */
export const inboundEditSchema = z.object({
  type: z.literal('edit'),
  wid,
  body: z.string().max(65_536),
});
/** A message was deleted for everyone. */
export const inboundRevokeSchema = z.object({ type: z.literal('revoke'), wid });
/** A delivery receipt for one of our messages: 0 pending … 3 read, 4/5 played. */
export const inboundAckSchema = z.object({
  type: z.literal('ack'),
  wid,
  ack: z.number().int().min(0).max(5),
});
/** An incoming call; the answer says whether the session must reject it. */
export const inboundCallSchema = z.object({
  type: z.literal('call'),
  callId: z.string().min(1).max(128),
  from: inboundIdentitySchema,
  isVideo: z.boolean().default(false),
  timestamp: z.number().int().positive().optional(),
});
/** WhatsApp told us which phone number a LID belongs to. */
export const inboundLidSchema = z.object({
  type: z.literal('lid'),
  lid: z.string().regex(/^\d{1,40}$/),
  number: z.string().regex(/^\d{5,20}$/),
});

export const inboundEventSchema = z.discriminatedUnion('type', [
  inboundMessageSchema,
  inboundEditSchema,
  inboundRevokeSchema,
  inboundAckSchema,
  inboundCallSchema,
  inboundLidSchema,
]);
export type InboundEvent = z.output<typeof inboundEventSchema>;

/** What the pipeline answers a channel. */
export const inboundResultView = z.object({
  /** The stored message (null when nothing was stored). */
  messageId: z.number().nullable(),
  ticketId: z.number().nullable(),
  /** True when the event was a redelivery and nothing new was stored. */
  duplicate: z.boolean(),
  /** For calls: whether the session must reject it (acceptCallWhatsapp disabled). */
  rejectCall: z.boolean().optional(),
});
export type InboundResult = z.output<typeof inboundResultView>;
