import type { ModuleHttp } from '../../http/define-routes.js';
import { createChatbot } from './create-chatbot.js';
import { deleteChatbot } from './delete-chatbot.js';
import { findChatbot } from './find-chatbot.js';
import { updateChatbot } from './update-chatbot.js';

export const chatbotsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    chatbotShow: ({ auth, params }) => findChatbot(ctx, { auth, chatbotId: params.id }),
    chatbotCreate: ({ auth, body }) => createChatbot(ctx, { auth, input: body }),
    chatbotUpdate: ({ auth, params, body }) =>
      updateChatbot(ctx, { auth, chatbotId: params.id, input: body }),
    chatbotDelete: ({ auth, params }) => deleteChatbot(ctx, { auth, chatbotId: params.id }),
  },
});
