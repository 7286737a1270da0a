import type { ModuleHttp } from '../../http/define-routes.js';
import { sessionFrom, sessionGuard } from '../session-channel/session-guard.js';
import { completeHistory } from '@atendo/core/modules/message-import/complete-history.js';
import { getHistoryConfig } from '@atendo/core/modules/message-import/get-history-config.js';
import { stageHistory } from '@atendo/core/modules/message-import/stage-history.js';

/** The message import's session routes: each first resolves the session of its bearer token. */
export const messageImportHttp: ModuleHttp = (ctx) => {
  const guard = sessionGuard(ctx);
  return {
    handlers: {
      sessionHistoryConfig: async ({ res }) => getHistoryConfig(ctx, sessionFrom(res)),
      sessionHistoryBatch: async ({ res, body }) => stageHistory(ctx, sessionFrom(res), body),
      sessionHistoryComplete: async ({ res }) => {
        await completeHistory(ctx, sessionFrom(res));
      },
    },
    before: {
      sessionHistoryConfig: [guard],
      sessionHistoryBatch: [guard],
      sessionHistoryComplete: [guard],
    },
  };
};
