import {
  sessionHistoryBatchSchema,
  sessionHistoryStagedView,
  sessionHistoryView,
} from '@atendo/domain';
import { route } from '../define.js';

/**
 * The message import's side of the session channel (docs/product/connections.md#import-of-old-messages): the session program, with
 * its own session token (unknown token 401 ERR_SESSION_EXPIRED), asks whether to collect the
 * history a fresh pairing brings, hands it over in batches, and says when it ended.
 */
export const messageImportRoutes = {
  sessionHistoryConfig: route({
    method: 'GET',
    path: '/internal/sessions/me/history',
    access: 'public',
    tag: 'internal',
    summary: "Whether the session's connection imports history, and its window",
    response: sessionHistoryView,
  }),
  sessionHistoryBatch: route({
    method: 'POST',
    path: '/internal/sessions/me/history',
    access: 'public',
    tag: 'internal',
    summary: 'One batch of history messages, staged for the import',
    body: sessionHistoryBatchSchema,
    response: sessionHistoryStagedView,
  }),
  sessionHistoryComplete: route({
    method: 'POST',
    path: '/internal/sessions/me/history/complete',
    access: 'public',
    tag: 'internal',
    summary: 'The phone sent all its history: the import may start',
    status: 204,
  }),
} as const;
