import type { AppContext } from '../../context.js';
import { TagEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadTag } from './tag-view.js';

/**
 * Deletes a tag of the caller's company; it leaves every contact and ticket with it (the
 * links cascade), and the tickets that carried it are told their tags changed.
 */
export async function deleteTag(ctx: AppContext, o: { auth: Principal; tagId: number }) {
  const companyId = o.auth.companyId;
  const db = tenantData(ctx.ds, companyId);
  await loadTag(db, o.tagId);
  const tickets = await db.transaction(async (tx) => {
    const rows = await tx.query<{ ticketId: number }>(
      `SELECT "ticketId" FROM ticket_tags WHERE "tagId" = $1 AND "companyId" = $2`,
      [o.tagId, companyId],
    );
    await tx.of(TagEntity).delete({ id: o.tagId });
    return rows.map((r) => r.ticketId);
  });
  ctx.events.publish('tag.deleted', { companyId, tagId: o.tagId });
  for (const ticketId of tickets)
    ctx.events.publish('ticket.tags_changed', { companyId, ticketId });
  return { message: 'Tag deleted' };
}
