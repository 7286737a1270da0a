import {
  AppError,
  MESSAGES_PAGE_SIZE,
  type ChatMessageView,
  type TicketView,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { jsonText, type JsonText } from '../../db/json-text.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { PAGE_KEY_COLUMNS, ticketCards, type PageKey } from '../tickets/ticket-cards.js';
import { assertCanSee, loadViewer } from '../tickets/viewer.js';
import { MESSAGE_KEY_COLUMNS, messageCards, type MessageKey } from './message-cards.js';
import { MESSAGE_VIEW_JOINS } from './message-views.js';

/** What the conversation's rules read of its ticket besides its card's keys. */
interface ConversationTicket {
  contactId: number;
  status: string;
  isGroup: boolean;
  unreadMessages: number;
}

/**
 * The ticket's keys, one page of its conversation's keys and the conversation's total in one
 * statement: the hot path of every conversation opened and scrolled. The conversation is every
 * message with the ticket's contact on its connection (earlier tickets' too, so the history
 * reads on). The views themselves come from the kept cards (ticket-cards.ts, message-cards.ts).
 */
const pageSql = (column: 'id' | 'uuid') => `
WITH tk AS (
  SELECT ${PAGE_KEY_COLUMNS}, t."contactId", t.status, t."isGroup", t."unreadMessages"
    FROM tickets t JOIN contacts c ON c.id = t."contactId"
   WHERE t."companyId" = $1 AND t.${column} = $2),
conversation AS (
  SELECT x.id FROM tickets x JOIN tk ON x."contactId" = tk."contactId"
     AND x."whatsappId" IS NOT DISTINCT FROM tk."whatsappId"
   WHERE x."companyId" = $1),
-- The page's messages by time first, then the versions of what their views read: a long
-- conversation's other messages are only sorted.
paged AS (
  SELECT ${MESSAGE_KEY_COLUMNS}, p."createdAt"
    FROM (SELECT m.id, m."createdAt" FROM messages m
           WHERE m."companyId" = $1 AND m."ticketId" IN (SELECT id FROM conversation)
           ORDER BY m."createdAt" DESC, m.id DESC LIMIT $3 OFFSET $4) p
    JOIN messages m ON m.id = p.id ${MESSAGE_VIEW_JOINS})
SELECT (SELECT row_to_json(tk) FROM tk) AS ticket,
       COALESCE((SELECT json_agg(json_build_object('id', id, 'v', v) ORDER BY "createdAt", id)
                   FROM paged), '[]') AS keys,
       (SELECT count(*)::int FROM messages m
         WHERE m."companyId" = $1 AND m."ticketId" IN (SELECT id FROM conversation)) AS count`;

/** Exported for bench:tickets, which EXPLAINs the statement the route runs. */
export const BY_ID = pageSql('id');
const BY_UUID = pageSql('uuid');

/**
 * GET /messages/:ticketId: one page of the conversation, newest page first and oldest first
 * within the page, for a ticket the caller may open (docs/product/tickets.md#who-sees-which-tickets; others are not found).
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
      ticket: (PageKey & ConversationTicket) | null;
      keys: MessageKey[];
      count: number;
    }>(byId ? 'messages-page-by-id' : 'messages-page-by-uuid', byId ? BY_ID : BY_UUID, [
      db.companyId,
      o.ref,
      MESSAGES_PAGE_SIZE,
      offset,
    ]),
    loadViewer(db, o.auth),
  ]);
  const tk = row?.ticket;
  if (!tk) throw new AppError('ERR_NO_TICKET_FOUND');
  assertCanSee(viewer, tk);
  let [ticket] = await ticketCards(ctx, db, [tk]);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND'); // deleted since the keys were read
  if (tk.unreadMessages > 0) {
    await db.query(
      `WITH t AS (UPDATE tickets SET "unreadMessages" = 0 WHERE "companyId" = $1 AND id = $2 RETURNING id)
       UPDATE messages SET read = true WHERE "companyId" = $1 AND "ticketId" = $2 AND read = false`,
      [db.companyId, tk.id],
    );
    ctx.events.publish('ticket.read', {
      companyId: db.companyId,
      ticketId: tk.id,
      place: { status: tk.status, queueId: tk.queueId, userId: tk.userId },
    });
    const read: TicketView = {
      ...(JSON.parse(ticket.toString('utf8')) as TicketView),
      unreadMessages: 0,
    };
    ticket = Buffer.from(JSON.stringify(read));
  }
  // The answer is put together around the kept JSON texts.
  const messages = await messageCards(db, row.keys);
  const { count } = row;
  const hasMore = offset + MESSAGES_PAGE_SIZE < count;
  return jsonText`{"messages":${messages},"ticket":${ticket},"count":${count},"hasMore":${hasMore}}`;
}
