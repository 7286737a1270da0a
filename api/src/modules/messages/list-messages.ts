import {
  AppError,
  MESSAGES_PAGE_SIZE,
  type ChatMessageView,
  type TicketView,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { JsonText } from '../../db/json-text.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../auth/tokens.js';
import { TICKET_VIEW_COLUMNS, TICKET_VIEW_JOINS } from '../tickets/ticket-views.js';
import { assertCanSee, loadViewer } from '../tickets/viewer.js';
import { MESSAGE_VIEW_COLUMNS, MESSAGE_VIEW_JOINS } from './message-views.js';

/**
 * The ticket, one page of its conversation and the conversation's total in one statement:
 * the hot path of every conversation opened and scrolled. The conversation is every message
 * with the ticket's contact on its connection (earlier tickets' too, so the history reads on).
 */
const pageSql = (column: 'id' | 'uuid') => `
WITH tk AS (
  SELECT ${TICKET_VIEW_COLUMNS} FROM tickets t ${TICKET_VIEW_JOINS}
   WHERE t."companyId" = $1 AND t.${column} = $2),
conversation AS (
  SELECT x.id FROM tickets x JOIN tk ON x."contactId" = tk."contactId"
     AND x."whatsappId" IS NOT DISTINCT FROM tk."whatsappId"
   WHERE x."companyId" = $1),
-- The page's messages first, then their views: a long conversation's other messages are
-- sorted by time, not joined and built.
paged AS (
  SELECT m.id FROM messages m
   WHERE m."companyId" = $1 AND m."ticketId" IN (SELECT id FROM conversation)
   ORDER BY m."createdAt" DESC, m.id DESC LIMIT $3 OFFSET $4),
page AS (
  SELECT ${MESSAGE_VIEW_COLUMNS} FROM paged JOIN messages m ON m.id = paged.id
         ${MESSAGE_VIEW_JOINS})
SELECT (SELECT row_to_json(tk) FROM tk) AS ticket,
       COALESCE((SELECT json_agg(page ORDER BY page."createdAt", page.id) FROM page), '[]')::text
         AS messages,
       (SELECT count(*)::int FROM messages m
         WHERE m."companyId" = $1 AND m."ticketId" IN (SELECT id FROM conversation)) AS count`;
/** Exported for bench:tickets, which EXPLAINs the statement the route runs. */
export const BY_ID = pageSql('id');
const BY_UUID = pageSql('uuid');

/**
 * GET /messages/:ticketId: one page of the conversation, newest page first and oldest first
 * within the page, for a ticket the caller may open (spec 1 §6; others are not found).
 * Opening it marks the ticket read.
 */
export async function listMessages(
  ctx: AppContext,
  o: { auth: Principal; ref: number | string; pageNumber: number },
): Promise<
  JsonText<{ messages: ChatMessageView[]; ticket: TicketView; count: number; hasMore: boolean }>
> {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const offset = (o.pageNumber - 1) * MESSAGES_PAGE_SIZE;
  const byId = typeof o.ref === 'number';
  const [[row], viewer] = await Promise.all([
    db.prepared<{
      ticket: TicketView | null;
      messages: JsonText<ChatMessageView[]>;
      count: number;
    }>(byId ? 'messages-page-by-id' : 'messages-page-by-uuid', byId ? BY_ID : BY_UUID, [
      db.companyId,
      o.ref,
      MESSAGES_PAGE_SIZE,
      offset,
    ]),
    loadViewer(db, o.auth),
  ]);
  const ticket = row?.ticket;
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  assertCanSee(viewer, ticket);
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
  // The page stays the JSON text PostgreSQL built; the answer is put together around it.
  const { messages, count } = row;
  const hasMore = offset + MESSAGES_PAGE_SIZE < count;
  return `{"messages":${messages},"ticket":${JSON.stringify(ticket)},"count":${count},"hasMore":${hasMore}}`;
}
