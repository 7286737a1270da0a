import { z } from 'zod';
import { idParam } from './common.js';
import { queryBool } from './ticket.js';

/** Edit window of an own message (docs/product/messages.md#limits): 15 minutes. */
export const MESSAGE_EDIT_WINDOW_MS = 900_000;

/** Messages per page of a conversation. */
export const MESSAGES_PAGE_SIZE = 20;

/** Media gallery page sizes (docs/product/messages.md#limits). */
export const MEDIA_PAGE_SIZES = { images: 20, videos: 10, documents: 10, links: 10 } as const;
export type MediaGalleryKind = keyof typeof MEDIA_PAGE_SIZES;

/** Message media types (docs/product/messages.md#fields). */
export const MEDIA_TYPES = [
  'chat',
  'audio',
  'video',
  'image',
  'application',
  'document',
  'contactMessage',
  'locationMessage',
  'reactionMessage',
  'call_log',
  'sticker',
  'others',
] as const;

/** GET /messages/:ticketId. */
export const messageListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
  selectedQueues: z.string().max(2000).optional(),
});

const text = z.string().max(20_000);

/** POST /messages/:ticketId (JSON; multipart sends `body` and `medias`). */
export const sendMessageSchema = z.object({
  body: text.optional().default(''),
  fromMe: z.boolean().optional(),
  read: z.union([z.boolean(), z.number()]).optional(),
  mediaUrl: z.string().max(2000).optional(),
  quotedMsg: z.object({ id: z.number().int().positive() }).passthrough().nullable().optional(),
  isPrivate: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  vCard: z
    .object({ name: z.string().max(250), number: z.string().regex(/^\d{5,20}$/) })
    .passthrough()
    .nullable()
    .optional(),
  location: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      name: z.string().max(250).optional(),
    })
    .nullable()
    .optional(),
  /** Prefix the sender's name (the composer's signature toggle). */
  sendSignMessage: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});

/** POST /messages/edit/:messageId. */
export const editMessageSchema = z.object({ body: text.min(1) });

/** GET /messages/media. */
export const mediaGalleryQuery = z.object({
  contactId: idParam,
  type: z.enum(['images', 'videos', 'documents', 'links']).optional().default('images'),
  limit: z.coerce.number().int().min(1).max(50).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
});

/** POST /message/forward. */
export const forwardMessageSchema = z.object({
  messageId: z.number().int().positive(),
  contactId: z.number().int().positive(),
  signMessage: z.boolean().optional(),
});

/** GET /messages-allMe. */
export const messagesAllMeQuery = z.object({
  fromMe: queryBool,
  dateStart: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .optional(),
  dateEnd: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .optional(),
});

export const messageIdParams = z.object({ messageId: idParam });
