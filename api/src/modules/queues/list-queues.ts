import type { AppContext } from '../../context.js';
import { QueueEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../auth/tokens.js';

/** GET /queue: every queue of the caller's company, in bot-menu order. */
export function listQueues(ctx: AppContext, o: { auth: Principal }) {
  return tenantData(ctx.ds, o.auth.companyId)
    .of(QueueEntity)
    .find({
      select: { id: true, name: true, color: true, orderQueue: true, greetingMessage: true },
      order: { orderQueue: 'ASC', id: 'ASC' },
    });
}
