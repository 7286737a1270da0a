import {
  chatbotView,
  createChatbotSchema,
  idParams,
  messageView,
  updateChatbotSchema,
} from '@atendo/domain';
import { route } from '../define.js';

/** Chatbot options of a queue's menu, one at a time (docs/product/queues-and-chatbots.md#routes "Queues and chatbot"). */
export const chatbotsRoutes = {
  chatbotShow: route({
    method: 'GET',
    path: '/chatbot/:id',
    access: 'admin',
    tag: 'queues',
    summary: 'One chatbot option with its children nested',
    params: idParams,
    response: chatbotView,
  }),
  chatbotCreate: route({
    method: 'POST',
    path: '/chatbot',
    access: 'admin',
    tag: 'queues',
    summary: 'Add an option under a queue (parentId null) or under an option of the same queue',
    body: createChatbotSchema,
    status: 201,
    response: chatbotView,
  }),
  chatbotUpdate: route({
    method: 'PUT',
    path: '/chatbot/:id',
    access: 'admin',
    tag: 'queues',
    summary: "Edit an option's fields",
    params: idParams,
    body: updateChatbotSchema,
    response: chatbotView,
  }),
  chatbotDelete: route({
    method: 'DELETE',
    path: '/chatbot/:id',
    access: 'admin',
    tag: 'queues',
    summary: 'Delete an option and every option under it',
    params: idParams,
    response: messageView,
  }),
};
