import type { AppContext } from '../../context.js';
import { QueueEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';

/**
 * Deletes a queue; its option tree goes with it (foreign keys cascade) and tickets, users and
 * connections that pointed at it lose the link.
 */
export async function deleteQueue(ctx: AppContext, o: { auth: Principal; queueId: number }) {
  const companyId = o.auth.companyId;
  const repo = tenantData(ctx.ds, companyId).of(QueueEntity);
  await repo.get({ where: { id: o.queueId }, select: { id: true } }, 'ERR_QUEUE_NOT_FOUND');
  await repo.delete({ id: o.queueId });
  ctx.events.publish('queue.deleted', { companyId, queueId: o.queueId });
  return { message: 'Queue deleted' };
}
