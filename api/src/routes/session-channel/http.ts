import type { ModuleHttp } from '../../http/define-routes.js';
import { clearSessionAuth } from '@atendo/core/modules/session-channel/clear-session-auth.js';
import { findSentMessage } from '@atendo/core/modules/session-channel/find-sent-message.js';
import { findSessionMedia } from '@atendo/core/modules/session-channel/find-session-media.js';
import { getSessionConfig } from '@atendo/core/modules/session-channel/get-session-config.js';
import { readSessionAuth } from '@atendo/core/modules/session-channel/read-session-auth.js';
import { receiveSessionEvent } from '@atendo/core/modules/session-channel/receive-session-event.js';
import { sessionEventUpload, sessionFrom, sessionGuard } from './session-guard.js';
import { writeSessionAuth } from '@atendo/core/modules/session-channel/write-session-auth.js';

/** The session channel: every route first resolves the session of its bearer token. */
export const sessionChannelHttp: ModuleHttp = (ctx) => {
  const guard = sessionGuard(ctx);
  return {
    handlers: {
      sessionConfig: async ({ res }) => getSessionConfig(ctx, sessionFrom(res)),
      sessionAuthRead: async ({ res, body }) => readSessionAuth(ctx, sessionFrom(res), body),
      sessionAuthWrite: async ({ res, body }) => {
        await writeSessionAuth(ctx, sessionFrom(res), body);
      },
      sessionAuthClear: async ({ res }) => {
        await clearSessionAuth(ctx, sessionFrom(res));
      },
      sessionEvent: async ({ req, res, body }) =>
        receiveSessionEvent(ctx, sessionFrom(res), body, req.file),
      sessionMedia: async ({ res, params }) => {
        const { filePath, mimetype } = await findSessionMedia(ctx, sessionFrom(res), params.file);
        res.setHeader('Content-Type', mimetype);
        res.setHeader('Cache-Control', 'private, no-store');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        // Answered here: the route sends bytes, not JSON.
        await new Promise<void>((resolve, reject) =>
          res.sendFile(filePath, (err) => (err && !res.headersSent ? reject(err) : resolve())),
        );
      },
      sessionMessageContent: async ({ res, params }) =>
        findSentMessage(ctx, sessionFrom(res), params.wid),
    },
    before: {
      sessionConfig: [guard],
      sessionAuthRead: [guard],
      sessionAuthWrite: [guard],
      sessionAuthClear: [guard],
      sessionEvent: [guard, sessionEventUpload()],
      sessionMedia: [guard],
      sessionMessageContent: [guard],
    },
  };
};
