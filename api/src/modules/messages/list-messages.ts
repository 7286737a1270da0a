import { MESSAGES_PAGE_SIZE, type ChatMessageView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../auth/tokens.js';
import { findTicket } from '../tickets/find-ticket.js';
import { MESSAGE_VIEW_COLUMNS, MESSAGE_VIEW_JOINS } from './message-views.js';

/**
 * GET /messages/:ticketId: one page of the conversation with the ticket's contact on its
 * connection (earlier tickets' messages included, so the history reads on), newest page
 * first and oldest first within the page. Opening it marks the ticket read.
 */
export async function listMessages(
  ctx: AppContext,
  o: { auth: Principal; ref: number | string; pageNumber: number },
) {
  const ticket = await findTicket(ctx, o);
  const db = tenantData(ctx.ds, o.auth.companyId);
  const offset = (o.pageNumber - 1) * MESSAGES_PAGE_SIZE;
  const scope = `m."companyId" = $1 AND m."ticketId" IN (
      SELECT id FROM tickets WHERE "companyId" = $1 AND "contactId" = $2
         AND "whatsappId" IS NOT DISTINCT FROM $3)`;
  const params = [db.companyId, ticket.contactId, ticket.whatsappId];
  // One round trip: the page (oldest first) as a JSON array beside the conversation's total.
  const [{ messages: page, count }] = (await db.prepared<{
    messages: ChatMessageView[];
    count: number;
  }>(
    'messages-page',
    `WITH page AS (
       SELECT ${MESSAGE_VIEW_COLUMNS} FROM messages m ${MESSAGE_VIEW_JOINS}
        WHERE ${scope} ORDER BY m."createdAt" DESC, m.id DESC LIMIT $4 OFFSET $5)
     SELECT COALESCE((SELECT json_agg(page ORDER BY page."createdAt", page.id) FROM page), '[]') AS messages,
            (SELECT count(*)::int FROM messages m WHERE ${scope}) AS count`,
    [...params, MESSAGES_PAGE_SIZE, offset],
  )) as [{ messages: ChatMessageView[]; count: number }];
  if (ticket.unreadMessages > 0) {
    await db.query(
      `WITH t AS (UPDATE tickets SET "unreadMessages" = 0 WHERE "companyId" = $1 AND id = $2 RETURNING id)
       UPDATE messages SET read = true WHERE "companyId" = $1 AND "ticketId" = $2 AND read = false`,
      [db.companyId, ticket.id],
    );
    ctx.events.publish('ticket.read', {
      companyId: db.companyId,
      ticketId: ticket.id,
      place: { status: ticket.status, queueId: ticket.queueId, userId: ticket.userId },
    });
    ticket.unreadMessages = 0;
  }
  return { messages: page, ticket, count, hasMore: offset + page.length < count };
}
