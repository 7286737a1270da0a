import type { Ticket } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import { track, type TicketLogType } from './ticket-history.js';

/**
 * $1 company, $2 ticket, $3 its user, $4 its queue, $5 the log type. The status change, the
 * log entry and the current cycle's closing time in one statement; answers whether the ticket
 * had a cycle to close.
 */
const CLOSE_TICKET_SQL = `
  WITH closed AS (
    UPDATE tickets SET status = 'closed', "unreadMessages" = 0, chatbot = false,
                       "updatedAt" = clock_timestamp()
     WHERE "companyId" = $1 AND id = $2 RETURNING id),
  logged AS (
    INSERT INTO logs_tickets ("companyId", "ticketId", "userId", "queueId", type)
    SELECT $1, id, $3, $4, $5 FROM closed),
  cycle AS (
    SELECT id FROM ticket_traking WHERE "companyId" = $1 AND "ticketId" = $2
     ORDER BY id DESC LIMIT 1),
  tracked AS (
    UPDATE ticket_traking SET "closedAt" = clock_timestamp(), "finishedAt" = clock_timestamp(),
                              "userId" = $3, "updatedAt" = now()
     WHERE "companyId" = $1 AND id IN (SELECT id FROM cycle) RETURNING id)
  SELECT (SELECT count(*) FROM tracked)::int AS tracked`;

/**
 * Closes a ticket without a farewell, inside the caller's transaction: status closed, nothing
 * unread, out of the bot, the `closed` log entry and the cycle's closing time. What the bot
 * and the messages API's closeTicket do; the attendant's close (close-ticket.ts) adds its
 * rating and farewell rules on top. The inactivity expiry logs its close as `autoClose`.
 */
export async function closeTicketRow(
  tx: TenantData,
  ticket: Ticket,
  log: Extract<TicketLogType, 'closed' | 'autoClose'> = 'closed',
): Promise<void> {
  const [row] = await tx.query<{ tracked: number }>(CLOSE_TICKET_SQL, [
    tx.companyId,
    ticket.id,
    ticket.userId,
    ticket.queueId,
    log,
  ]);
  Object.assign(ticket, { status: 'closed', unreadMessages: 0, chatbot: false });
  // A ticket from before tracking existed: open its cycle, then close it.
  if (!row?.tracked) await track(tx, ticket.id, { closed: true, userId: ticket.userId });
}
