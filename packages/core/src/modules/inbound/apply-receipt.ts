import type { InboundEvent, InboundResult } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';

type Receipt = Extract<InboundEvent, { type: 'edit' | 'revoke' | 'ack' }>;

/**
 * What a channel says about a message it already carried, found by its channel id on that
 * connection: an edit replaces the text, a revoke marks it deleted for everyone, a receipt
 * raises its ack (never lowers it: receipts arrive out of order). The conversation is told
 * only when something changed.
 */
export async function applyReceipt(
  ctx: AppContext,
  conn: { companyId: number; whatsappId: number },
  e: Receipt,
): Promise<InboundResult> {
  const db = tenantData(ctx.ds, conn.companyId);
  const params: unknown[] = [db.companyId, conn.whatsappId, e.wid];
  let set: string;
  let when = 'true';
  if (e.type === 'ack') {
    params.push(e.ack);
    set = 'ack = $4';
    when = 'ack < $4';
  } else if (e.type === 'edit') {
    params.push(e.body);
    set = `body = $4, "isEdited" = true`;
    when = 'body IS DISTINCT FROM $4 AND NOT "isDeleted"';
  } else {
    set = `"isDeleted" = true`;
    when = 'NOT "isDeleted"';
  }
  const [row] = await db.query<{ id: number; ticketId: number }>(
    // (An UPDATE … RETURNING answers rows and a count through TypeORM; the CTE answers rows.)
    `WITH u AS (UPDATE messages SET ${set}, "updatedAt" = now()
                 WHERE "companyId" = $1 AND "whatsappId" = $2 AND wid = $3 AND ${when}
             RETURNING id, "ticketId")
     SELECT id, "ticketId" FROM u`,
    params,
  );
  if (!row) return { messageId: null, ticketId: null, duplicate: false };
  ctx.events.publish('message.updated', {
    companyId: db.companyId,
    messageId: row.id,
    ticketId: row.ticketId,
  });
  return { messageId: row.id, ticketId: row.ticketId, duplicate: false };
}
