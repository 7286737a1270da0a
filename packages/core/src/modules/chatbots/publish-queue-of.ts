import type { AppContext } from '../../context.js';
import { loadQueueView } from '../queues/queue-view.js';

/** An option changed: its queue (tree included) is pushed as a queue update. */
export async function publishQueueOf(ctx: AppContext, companyId: number, queueId: number) {
  const queue = await loadQueueView(ctx, companyId, queueId);
  ctx.events.publish('queue.updated', { companyId, queue });
}
