import type { ModuleHttp } from '../../http/define-routes.js';
import {
  listChatMessages,
  readChat,
  sendChatMessage,
} from '@atendo/core/modules/chats/chat-messages.js';
import { listChats } from '@atendo/core/modules/chats/list-chats.js';
import { createChat, deleteChat, updateChat } from '@atendo/core/modules/chats/write-chats.js';

export const chatsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    chatsIndex: ({ auth, query }) => listChats(ctx, { auth, ...query }),
    chatsCreate: ({ auth, body }) => createChat(ctx, { auth, input: body }),
    chatsUpdate: ({ auth, params, body }) => updateChat(ctx, { auth, id: params.id, input: body }),
    chatsDelete: ({ auth, params }) => deleteChat(ctx, { auth, id: params.id }),
    chatsMessages: ({ auth, params, query }) =>
      listChatMessages(ctx, { auth, id: params.id, pageNumber: query.pageNumber }),
    chatsSendMessage: ({ auth, params, body }) =>
      sendChatMessage(ctx, { auth, id: params.id, message: body.message }),
    chatsRead: ({ auth, params }) => readChat(ctx, { auth, id: params.id }),
  },
});
