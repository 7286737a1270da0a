import type { ModuleHttp } from '../../http/define-routes.js';
import { createQuickMessage } from '@atendo/core/modules/quick-messages/create-quick-message.js';
import { deleteQuickMessage } from '@atendo/core/modules/quick-messages/delete-quick-message.js';
import { listComposerQuickMessages } from '@atendo/core/modules/quick-messages/list-composer-quick-messages.js';
import { listQuickMessages } from '@atendo/core/modules/quick-messages/list-quick-messages.js';
import { quickMessageMediaUpload } from './media-upload.js';
import { removeQuickMessageMedia } from '@atendo/core/modules/quick-messages/remove-quick-message-media.js';
import { setQuickMessageMedia } from '@atendo/core/modules/quick-messages/set-quick-message-media.js';
import { showQuickMessage } from '@atendo/core/modules/quick-messages/show-quick-message.js';
import { updateQuickMessage } from '@atendo/core/modules/quick-messages/update-quick-message.js';

// Static paths (/quick-messages/list) are mounted before /quick-messages/:id, in this order.
export const quickMessagesHttp: ModuleHttp = (ctx) => ({
  handlers: {
    quickMessagesIndex: ({ auth, query }) => listQuickMessages(ctx, { auth, ...query }),
    quickMessagesList: ({ auth }) => listComposerQuickMessages(ctx, { auth }),
    quickMessagesShow: ({ auth, params }) => showQuickMessage(ctx, { auth, id: params.id }),
    quickMessagesCreate: ({ auth, body }) => createQuickMessage(ctx, { auth, input: body }),
    quickMessagesUpdate: ({ auth, params, body }) =>
      updateQuickMessage(ctx, { auth, id: params.id, input: body }),
    quickMessagesDelete: ({ auth, params }) => deleteQuickMessage(ctx, { auth, id: params.id }),
    quickMessagesMediaUpload: ({ auth, params, req }) =>
      setQuickMessageMedia(ctx, { auth, id: params.id, file: req.file }),
    quickMessagesMediaDelete: ({ auth, params }) =>
      removeQuickMessageMedia(ctx, { auth, id: params.id }),
  },
  before: {
    quickMessagesMediaUpload: [quickMessageMediaUpload(ctx)],
  },
});
