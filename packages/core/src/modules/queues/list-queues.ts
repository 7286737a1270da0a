import type { AppContext } from '../../context.js';
import { QueueEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { isCompanyId, targetCompany } from '../users/users-of.js';

/**
 * GET /queue: every queue of the caller's company, in bot-menu order. A super admin may name
 * another company (`companyId`, as for GET /users); anyone else always gets their own.
 */
export async function listQueues(ctx: AppContext, o: { auth: Principal; companyId?: number }) {
  const companyId = targetCompany(o.auth, o.companyId);
  if (!isCompanyId(companyId)) return [];
  return tenantData(ctx.ds, companyId)
    .of(QueueEntity)
    .find({
      select: { id: true, name: true, color: true, orderQueue: true, greetingMessage: true },
      order: { orderQueue: 'ASC', id: 'ASC' },
    });
}

/** GET /queue/user: the caller's own queues (those they serve), in bot-menu order. */
export async function listOwnQueues(ctx: AppContext, o: { auth: Principal }) {
  return tenantData(ctx.ds, o.auth.companyId).query<{
    id: number;
    name: string;
    color: string;
    orderQueue: number | null;
    greetingMessage: string | null;
  }>(
    `SELECT q.id, q.name, q.color, q."orderQueue", q."greetingMessage"
       FROM user_queues uq JOIN queues q ON q."companyId" = uq."companyId" AND q.id = uq."queueId"
      WHERE uq."companyId" = $1 AND uq."userId" = $2
      ORDER BY q."orderQueue" ASC NULLS LAST, q.id ASC`,
    [o.auth.companyId, o.auth.userId],
  );
}
