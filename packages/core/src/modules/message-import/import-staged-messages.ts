import type { InboundMessage } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import { receiveInbound } from '../inbound/receive-inbound.js';

/**
 * One step of the import: the next `limit` staged messages in the order they were sent, each
 * through the inbound pipeline as imported (no bots; a new ticket waits in the connection's
 * import queue), then unstaged. The pipeline deduplicates by message id, so a retried step
 * stores nothing twice. Publishes the `importMessages` progress {this, all, date}.
 */
export async function importStagedMessages(
  ctx: AppContext,
  o: { companyId: number; whatsappId: number; processed: number; all: number; limit: number },
): Promise<{ processed: number; all: number; remaining: number }> {
  const db = tenantData(ctx.ds, o.companyId);
  const rows = await db.query<{ id: number; sentAt: Date; event: InboundMessage }>(
    `SELECT id, "sentAt", event FROM import_messages
      WHERE "companyId" = $1 AND "whatsappId" = $2
      ORDER BY "sentAt", id LIMIT $3`,
    [o.companyId, o.whatsappId, o.limit],
  );
  const conn = { companyId: o.companyId, whatsappId: o.whatsappId };
  for (const row of rows) {
    try {
      await receiveInbound(ctx, conn, row.event, undefined, { imported: true });
    } catch (err) {
      // One message the pipeline refuses must not hold the rest of the history back.
      ctx.logger.warn(
        { ...conn, wid: row.event.wid, err: String(err) },
        'history message not imported',
      );
    }
  }
  if (rows.length)
    await db.query(`DELETE FROM import_messages WHERE "companyId" = $1 AND id = ANY($2::int[])`, [
      o.companyId,
      rows.map((r) => r.id),
    ]);
  const [left] = await db.query<{ remaining: number }>(
    `SELECT count(*)::int AS remaining FROM import_messages
      WHERE "companyId" = $1 AND "whatsappId" = $2`,
    [o.companyId, o.whatsappId],
  );
  const remaining = left?.remaining ?? 0;
  const processed = o.processed + rows.length;
  // More may have arrived since the count: the total grows rather than run behind.
  const all = Math.max(o.all, processed + remaining);
  const last = rows.at(-1);
  if (last)
    ctx.events.publish('message_import.progressed', {
      companyId: o.companyId,
      whatsappId: o.whatsappId,
      action: 'update',
      status: { this: processed, all, date: new Date(last.sentAt).getTime() },
    });
  return { processed, all, remaining };
}
