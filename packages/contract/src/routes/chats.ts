import {
  chatListQuery,
  chatMessageSchema,
  chatMessagesQuery,
  chatReadSchema,
  createChatSchema,
  idParams,
  internalChatMessageView,
  internalChatView,
  messageView,
  paged,
  updateChatSchema,
} from '@atendo/domain';
import { route } from '../define.js';

/**
 * The internal chat between users of a company (docs/product/internal-chat-and-announcements.md Internal chat, plan flag
 * useInternalChat). Only participants see a chat and its messages; only its owner edits or
 * deletes it.
 */
export const chatsRoutes = {
  chatsIndex: route({
    method: 'GET',
    path: '/chats',
    access: 'user',
    tag: 'chats',
    summary: "The caller's chats, latest activity first, searched by title (20 a page)",
    query: chatListQuery,
    response: paged('records', internalChatView),
  }),
  chatsCreate: route({
    method: 'POST',
    path: '/chats',
    access: 'user',
    tag: 'chats',
    summary: 'Open a chat with users of the company (the caller owns it and takes part)',
    body: createChatSchema,
    status: 201,
    response: internalChatView,
  }),
  chatsUpdate: route({
    method: 'PUT',
    path: '/chats/:id',
    access: 'user',
    tag: 'chats',
    summary: 'Rename a chat or change its participants (its owner only; the owner stays)',
    params: idParams,
    body: updateChatSchema,
    response: internalChatView,
  }),
  chatsDelete: route({
    method: 'DELETE',
    path: '/chats/:id',
    access: 'user',
    tag: 'chats',
    summary: 'Delete a chat and its messages (its owner only)',
    params: idParams,
    response: messageView,
  }),
  chatsMessages: route({
    method: 'GET',
    path: '/chats/:id/messages',
    access: 'user',
    tag: 'chats',
    summary:
      "A page of a chat's messages, oldest first within the page (20 a page, newest page first)",
    params: idParams,
    query: chatMessagesQuery,
    response: paged('records', internalChatMessageView),
  }),
  chatsSendMessage: route({
    method: 'POST',
    path: '/chats/:id/messages',
    access: 'user',
    tag: 'chats',
    summary: 'Send a message to a chat the caller takes part in',
    params: idParams,
    body: chatMessageSchema,
    status: 201,
    response: internalChatMessageView,
  }),
  chatsRead: route({
    method: 'POST',
    path: '/chats/:id/read',
    access: 'user',
    tag: 'chats',
    summary: 'Mark a chat read for the caller (their unread count goes to 0)',
    params: idParams,
    body: chatReadSchema,
    response: internalChatView,
  }),
} as const;
