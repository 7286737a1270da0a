import type { ModuleHttp } from '../../http/define-routes.js';
import { bearerToken } from '../../http/authenticate.js';
import { messageMediaUpload } from '../messages/media-upload.js';
import { messagesApiRateLimit } from './api-rate-limit.js';
import { connectionByToken } from '@atendo/core/modules/messages-api/connection-by-token.js';
import { sendApiMessage } from '@atendo/core/modules/messages-api/send-api-message.js';

export const messagesApiHttp: ModuleHttp = (ctx) => ({
  handlers: {
    messagesApiSend: ({ req, body }) =>
      sendApiMessage(ctx, {
        token: bearerToken(req),
        input: body,
        files: ((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => f.buffer),
      }),
  },
  before: {
    messagesApiSend: [
      messagesApiRateLimit(ctx),
      // Files are read only for a valid connection token.
      messageMediaUpload(ctx, (req) => connectionByToken(ctx, bearerToken(req))),
    ],
  },
});
