import {
  createQueueSchema,
  idParams,
  messageView,
  queueListQuery,
  queueListView,
  queueView,
  updateQueueSchema,
} from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

/** Queues (docs/product/queues-and-chatbots.md#routes "Queues and chatbot"): reads for any user, writes for admins. */
export const queuesRoutes = {
  queuesIndex: route({
    method: 'GET',
    path: '/queue',
    access: 'user',
    tag: 'queues',
    summary:
      "The company's queues, in menu order (transfer and filter pickers); super admins may name another company",
    query: queueListQuery,
    response: z.array(queueListView),
  }),
  queuesOfUser: route({
    method: 'GET',
    path: '/queue/user',
    access: 'user',
    tag: 'queues',
    summary:
      "The caller's own queues, in menu order (the internal chat's and the filters' pickers)",
    response: z.array(queueListView),
  }),
  queuesShow: route({
    method: 'GET',
    path: '/queue/:id',
    access: 'user',
    tag: 'queues',
    summary: 'One queue with its schedules and chatbot option tree (children nested, ordered)',
    params: idParams,
    response: queueView,
  }),
  queuesCreate: route({
    method: 'POST',
    path: '/queue',
    access: 'admin',
    tag: 'queues',
    summary: "Create a queue (and its option tree), within the plan's queue limit",
    body: createQueueSchema,
    status: 201,
    response: queueView,
  }),
  queuesUpdate: route({
    method: 'PUT',
    path: '/queue/:id',
    access: 'admin',
    tag: 'queues',
    summary:
      'Update a queue; a sent chatbots tree is synced in one transaction (id edits, no id creates, missing siblings deleted)',
    params: idParams,
    body: updateQueueSchema,
    response: queueView,
  }),
  queuesDelete: route({
    method: 'DELETE',
    path: '/queue/:id',
    access: 'admin',
    tag: 'queues',
    summary: 'Delete a queue and its option tree',
    params: idParams,
    response: messageView,
  }),
};
