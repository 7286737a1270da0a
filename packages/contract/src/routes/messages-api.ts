import { apiSendMessageSchema, apiSendMessageView } from '@atendo/domain';
import { route } from '../define.js';

/** The messages API integrators call with a connection's token (docs/product/messages-api.md#routes, docs/product/messages-api.md#sending). */
export const messagesApiRoutes = {
  messagesApiSend: route({
    method: 'POST',
    path: '/api/messages/send',
    access: 'public',
    credential: 'connectionToken',
    tag: 'messages-api',
    summary: 'Send a text (JSON) or files (multipart `medias`) to a number through a connection',
    description:
      "Authorization: Bearer <the connection's token>. `number` is digits only with country code, " +
      'area code and number (no mask). The contact is created when new and the ticket reused or ' +
      'created; `userId`/`queueId` open it for that user and queue, `sendSignature` signs the text ' +
      "with the user's name, `closeTicket` closes it after sending (no farewell). Rate limited per " +
      'connection (429 ERR_TOO_MANY_REQUESTS).',
    body: apiSendMessageSchema,
    multipart: true,
    response: apiSendMessageView,
  }),
} as const;
