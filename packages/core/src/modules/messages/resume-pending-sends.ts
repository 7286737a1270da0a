import { IsNull, LessThan, Not } from 'typeorm';
import type { AppContext } from '../../context.js';
import { MessageEntity } from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';
import { withCompany } from '../../db/tenant-scope.js';
import { deliverMessage } from './deliver-message.js';
import { outboundSendOf } from './outbound-send.js';

/**
 * Hands to their channel the outbound messages stored but never accepted by it (the process
 * stopped between storing and sending, or every retry failed while the connection's session
 * was down): run when the api starts, and for one connection when its session reports itself
 * connected again, so a send is never lost. A message the channel took has its wid and is
 * never sent again; one handed over twice (a retry still running) reaches the customer once,
 * since the session answers a repeated message id with the first send's wid.
 */
export async function resumePendingSends(
  ctx: AppContext,
  o: { olderThanMs: number; whatsappId?: number } = { olderThanMs: 30_000 },
): Promise<number> {
  const pending = await crossTenantData(ctx.ds, 'message-delivery')
    .of(MessageEntity)
    .find({
      where: {
        fromMe: true,
        isPrivate: false,
        isDeleted: false,
        wid: IsNull(),
        ack: 0,
        whatsappId: o.whatsappId ?? Not(IsNull()),
        createdAt: LessThan(new Date(Date.now() - o.olderThanMs)),
      },
      select: { id: true, companyId: true },
      order: { id: 'ASC' },
      take: 1000,
    });
  let delivered = 0;
  for (const m of pending)
    await withCompany(m.companyId, async () => {
      const send = await outboundSendOf(tenantData(ctx.ds, m.companyId), m.id);
      if (await deliverMessage(ctx, send)) delivered++;
    });
  return delivered;
}
