import type { ModuleHttp } from '../../http/define-routes.js';
import { listQueues } from './list-queues.js';

export const queuesHttp: ModuleHttp = (ctx) => ({
  handlers: {
    queuesIndex: ({ auth }) => listQueues(ctx, { auth }),
  },
});
