import { z } from 'zod';
import { isoDate } from './common.js';

/** The quoted message a reply shows (docs/product/messages.md#fields quotedMsg). */
export const quotedMessageView = z.object({
  id: z.number(),
  body: z.string().nullable(),
  fromMe: z.boolean(),
  mediaType: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  isDeleted: z.boolean().optional(),
  contact: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
});

/** One message of a conversation (docs/product/messages.md#fields Message). */
export const chatMessageView = z.object({
  id: z.number(),
  wid: z.string().nullable().optional(),
  body: z.string().nullable(),
  fromMe: z.boolean(),
  read: z.boolean(),
  ack: z.number(),
  mediaType: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isForwarded: z.boolean(),
  isPrivate: z.boolean(),
  isScheduled: z.boolean(),
  participant: z.string().nullable().optional(),
  ticketId: z.number(),
  contactId: z.number().nullable(),
  contact: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
  userId: z.number().nullable().optional(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable().optional(),
  quotedMsgId: z.number().nullable().optional(),
  quotedMsg: quotedMessageView.nullable().optional(),
  vCard: z.string().nullable().optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type ChatMessageView = z.output<typeof chatMessageView>;
