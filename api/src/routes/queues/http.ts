import type { ModuleHttp } from '../../http/define-routes.js';
import { createQueue } from '@atendo/core/modules/queues/create-queue.js';
import { deleteQueue } from '@atendo/core/modules/queues/delete-queue.js';
import { findQueue } from '@atendo/core/modules/queues/find-queue.js';
import { listOwnQueues, listQueues } from '@atendo/core/modules/queues/list-queues.js';
import { updateQueue } from '@atendo/core/modules/queues/update-queue.js';

export const queuesHttp: ModuleHttp = (ctx) => ({
  handlers: {
    queuesIndex: ({ auth, query }) => listQueues(ctx, { auth, companyId: query.companyId }),
    queuesOfUser: ({ auth }) => listOwnQueues(ctx, { auth }),
    queuesShow: ({ auth, params }) => findQueue(ctx, { auth, queueId: params.id }),
    queuesCreate: ({ auth, body }) => createQueue(ctx, { auth, input: body }),
    queuesUpdate: ({ auth, params, body }) =>
      updateQueue(ctx, { auth, queueId: params.id, input: body }),
    queuesDelete: ({ auth, params }) => deleteQueue(ctx, { auth, queueId: params.id }),
  },
});
