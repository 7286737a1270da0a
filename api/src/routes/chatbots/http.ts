import type { ModuleHttp } from '../../http/define-routes.js';
import { createChatbot } from '@atendo/core/modules/chatbots/create-chatbot.js';
import { deleteChatbot } from '@atendo/core/modules/chatbots/delete-chatbot.js';
import { findChatbot } from '@atendo/core/modules/chatbots/find-chatbot.js';
import { updateChatbot } from '@atendo/core/modules/chatbots/update-chatbot.js';

export const chatbotsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    chatbotShow: ({ auth, params }) => findChatbot(ctx, { auth, chatbotId: params.id }),
    chatbotCreate: ({ auth, body }) => createChatbot(ctx, { auth, input: body }),
    chatbotUpdate: ({ auth, params, body }) =>
      updateChatbot(ctx, { auth, chatbotId: params.id, input: body }),
    chatbotDelete: ({ auth, params }) => deleteChatbot(ctx, { auth, chatbotId: params.id }),
  },
});
