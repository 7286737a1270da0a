import { queueListView } from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

export const queuesRoutes = {
  queuesIndex: route({
    method: 'GET',
    path: '/queue',
    access: 'user',
    tag: 'queues',
    summary: "The company's queues, in menu order (transfer and filter pickers)",
    response: z.array(queueListView),
  }),
};
