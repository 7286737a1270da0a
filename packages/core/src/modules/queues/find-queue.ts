import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { loadQueueView } from './queue-view.js';

/** GET /queue/:id: one queue of the caller's company with its nested option tree. */
export function findQueue(ctx: AppContext, o: { auth: Principal; queueId: number }) {
  return loadQueueView(ctx, o.auth.companyId, o.queueId);
}
