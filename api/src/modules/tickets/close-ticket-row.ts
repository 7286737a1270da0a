import { TicketEntity, type Ticket } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import { logTicket, track, type TicketLogType } from './ticket-history.js';

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
  const patch = { status: 'closed', unreadMessages: 0, chatbot: false };
  await tx.of(TicketEntity).update({ id: ticket.id }, { ...patch, updatedAt: new Date() });
  Object.assign(ticket, patch);
  await logTicket(tx, {
    ticketId: ticket.id,
    type: log,
    userId: ticket.userId,
    queueId: ticket.queueId,
  });
  await track(tx, ticket.id, { closed: true, userId: ticket.userId });
}
