import { sqlJson, type ModuleHttp } from '../../http/define-routes.js';
import { countMessages } from '@atendo/core/modules/messages/count-messages.js';
import { deleteMessage } from '@atendo/core/modules/messages/delete-message.js';
import { editMessage } from '@atendo/core/modules/messages/edit-message.js';
import { forwardMessage } from '@atendo/core/modules/messages/forward-message.js';
import { listContactMedia } from '@atendo/core/modules/messages/list-contact-media.js';
import { listMessages } from '@atendo/core/modules/messages/list-messages.js';
import { messageMediaUpload } from './media-upload.js';
import { sendMessage } from '@atendo/core/modules/messages/send-message.js';

export const messagesHttp: ModuleHttp = (ctx) => ({
  handlers: {
    messagesIndex: async ({ auth, params, query }) =>
      sqlJson(
        'messagesIndex',
        await listMessages(ctx, { auth, ref: params.ticketId, pageNumber: query.pageNumber }),
      ),
    messagesStore: ({ auth, params, body, req }) =>
      sendMessage(ctx, {
        auth,
        ref: params.ticketId,
        input: body,
        files: ((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => f.buffer),
      }),
    messagesEdit: ({ auth, params, body }) =>
      editMessage(ctx, { auth, messageId: params.messageId, body: body.body }),
    messagesDelete: ({ auth, params }) => deleteMessage(ctx, { auth, messageId: params.messageId }),
    messagesMedia: ({ auth, query }) =>
      listContactMedia(ctx, {
        auth,
        contactId: query.contactId,
        type: query.type,
        limit: query.limit,
        offset: query.offset,
      }),
    messagesForward: ({ auth, body }) => forwardMessage(ctx, { auth, ...body }),
    messagesAllMe: ({ auth, query }) => countMessages(ctx, { auth, ...query }),
  },
  before: { messagesStore: [messageMediaUpload(ctx)] },
});
