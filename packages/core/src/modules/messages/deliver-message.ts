import type { AppContext } from '../../context.js';
import { MessageEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { OutboundSend } from '../../channels/channel-adapter.js';

/** Pauses between delivery attempts of one message (then the resume sweep takes over). */
const RETRY_DELAYS_MS = [250, 1000, 4000];

/**
 * Hands a stored outbound message (ack 0) to its channel and records the channel's id and
 * ack 1. A failed attempt is retried; what still fails stays at ack 0 for the resume sweep,
 * so a send is never lost, and the adapter's idempotency by message id means a retry after
 * an answer that got lost never sends twice. Returns whether the channel took it.
 */
export async function deliverMessage(
  ctx: AppContext,
  send: OutboundSend,
  o: { wait?: boolean } = {},
): Promise<boolean> {
  const attempt = async (): Promise<boolean> => {
    try {
      const { wid } = await ctx.channels.for(send.channel).send(send);
      const db = tenantData(ctx.ds, send.companyId);
      await db.of(MessageEntity).update({ id: send.messageId }, { wid, ack: 1 });
      ctx.events.publish('message.updated', {
        companyId: send.companyId,
        messageId: send.messageId,
        ticketId: send.ticketId,
      });
      return true;
    } catch (err) {
      ctx.logger.warn(
        { err, companyId: send.companyId, messageId: send.messageId },
        'message delivery failed',
      );
      return false;
    }
  };
  if (await attempt()) return true;
  const retries = (async () => {
    for (const delay of RETRY_DELAYS_MS) {
      await new Promise((r) => setTimeout(r, delay).unref());
      if (await attempt()) return true;
    }
    return false;
  })();
  return o.wait ? retries : false;
}
