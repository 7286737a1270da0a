import { z } from 'zod';
import { MSG_REQUIRED_PT, MSG_TOO_LONG } from './validation-messages.js';
import { pageQuery } from './common.js';

const userRef = z.union([
  z.number().int().positive().max(2_147_483_647),
  z.object({ id: z.number().int().positive().max(2_147_483_647) }),
]);

/** docs/product/internal-chat-and-announcements.md chat modal: a non-empty title and at least one user. */
const fields = {
  title: z.string({ error: MSG_REQUIRED_PT }).trim().min(1, MSG_REQUIRED_PT).max(100, MSG_TOO_LONG),
  /** The participants besides the caller: ids, or `{ id, name }` as the lineage sends them. */
  users: z.array(userRef, { error: MSG_REQUIRED_PT }).min(1, MSG_REQUIRED_PT).max(200),
};

/** `POST /chats`: the caller owns the chat and always takes part. */
export const createChatSchema = z.object(fields);
export type CreateChatInput = z.infer<typeof createChatSchema>;

/** `PUT /chats/:id` (the owner only): a new title and/or the whole list of participants. */
export const updateChatSchema = z.object({
  title: fields.title.optional(),
  users: fields.users.optional(),
});
export type UpdateChatInput = z.infer<typeof updateChatSchema>;

/** `POST /chats/:id/messages`: docs/product/internal-chat-and-announcements.md, not empty nor whitespace only. */
export const chatMessageSchema = z.object({
  message: z
    .string({ error: MSG_REQUIRED_PT })
    .trim()
    .min(1, MSG_REQUIRED_PT)
    .max(10_000, MSG_TOO_LONG),
});

/** `GET /chats`: the caller's chats, searched by title. */
export const chatListQuery = pageQuery;
/** `GET /chats/:id/messages`: older pages as the pane scrolls up. */
export const chatMessagesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
});
/** `POST /chats/:id/read`: the lineage sends the reader's id; the caller is always the reader. */
export const chatReadSchema = z.object({ userId: z.number().int().optional() });

/** The id of a participant as sent. */
export const chatUserId = (u: z.infer<typeof userRef>): number =>
  typeof u === 'number' ? u : u.id;
