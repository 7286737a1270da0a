import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { findTicket } from '../tickets/find-ticket.js';
import { lockTicket } from './ticket-tags.js';
import { loadTag } from './tag-view.js';

/**
 * Puts a tag on a ticket. A kanban lane (kanban 1) replaces the ticket's previous lane, so a
 * ticket stands in one lane at a time; an ordinary tag is added beside the others.
 */
export async function tagTicket(
  ctx: AppContext,
  o: { auth: Principal; ticketId: number; tagId: number },
) {
  // Only a ticket the caller may open (docs/product/tickets.md#who-sees-which-tickets) is theirs to tag or annotate.
  await findTicket(ctx, { auth: o.auth, ref: o.ticketId });
  const companyId = o.auth.companyId;
  const db = tenantData(ctx.ds, companyId);
  const tag = await db.transaction(async (tx) => {
    await lockTicket(tx, o.ticketId);
    const found = await loadTag(tx, o.tagId);
    if (found.kanban === 1) {
      await tx.query(
        `DELETE FROM ticket_tags tt USING tags t
          WHERE tt."ticketId" = $1 AND tt."companyId" = $2 AND t.id = tt."tagId"
            AND t.kanban = 1 AND tt."tagId" <> $3`,
        [o.ticketId, companyId, o.tagId],
      );
    }
    await tx.query(
      `INSERT INTO ticket_tags ("ticketId", "tagId", "companyId") VALUES ($1, $2, $3)
       ON CONFLICT ("ticketId", "tagId") DO NOTHING`,
      [o.ticketId, o.tagId, companyId],
    );
    return found;
  });
  ctx.events.publish('ticket.tags_changed', { companyId, ticketId: o.ticketId });
  return { ticketId: o.ticketId, tagId: o.tagId, tag };
}
