import { z } from 'zod';
import { nullableDate } from './common.js';

/** An internal chat as its list and header show it, with each participant's unread count. */
export const internalChatView = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  ownerId: z.number().nullable(),
  lastMessage: z.string().nullable(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
  users: z.array(
    z.object({
      userId: z.number(),
      unreads: z.number(),
      user: z.object({ id: z.number(), name: z.string() }),
    }),
  ),
});
export type InternalChatView = z.output<typeof internalChatView>;

/** One message of an internal chat. */
export const internalChatMessageView = z.object({
  id: z.number(),
  chatId: z.number(),
  senderId: z.number().nullable(),
  message: z.string(),
  createdAt: nullableDate,
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type InternalChatMessageView = z.output<typeof internalChatMessageView>;
