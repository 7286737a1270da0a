import { z } from 'zod';
import { inboundMessageSchema } from './inbound.js';

/**
 * The message import over the session channel (docs/product/connections.md#import-of-old-messages): the session hands over the
 * history the phone sent after a fresh pairing, in batches, then says when it ended.
 */

/** Messages per history batch (the body also stays under the api's 1 MB JSON limit). */
export const HISTORY_BATCH_MAX = 500;

/** GET /internal/sessions/me/history: whether to collect history, and which. */
export const sessionHistoryView = z.object({
  /** An import is configured on the connection (importOldMessages set). */
  enabled: z.boolean(),
  /** The window, ISO instants; `to` null means up to now. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Group chats are imported too (importOldMessagesGroups). */
  groups: z.boolean(),
});
export type SessionHistoryView = z.output<typeof sessionHistoryView>;

/** POST /internal/sessions/me/history: one batch of mapped history messages. */
export const sessionHistoryBatchSchema = z.object({
  messages: z.array(inboundMessageSchema).max(HISTORY_BATCH_MAX),
});
export type SessionHistoryBatch = z.output<typeof sessionHistoryBatchSchema>;

/** What the api kept of a batch (in the window, not seen before) and whether it imports at all. */
export const sessionHistoryStagedView = z.object({
  staged: z.number(),
  enabled: z.boolean(),
});
