import { rooms, type TicketView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import type { TicketPlace } from './events.js';
import { loadMessageViews } from '../messages/message-views.js';
import { TICKET_VIEW_COLUMNS, TICKET_VIEW_JOINS } from './ticket-views.js';
import type { Pushes } from '../../events/pushes.js';

const TICKET_PUSH_SQL = `SELECT ${TICKET_VIEW_COLUMNS}
  FROM tickets t ${TICKET_VIEW_JOINS}
 WHERE t."companyId" = $1 AND t.id = ANY($2::int[])`;

/** Tickets' views by id (gone ones left out), in one read. */
async function loadTicketViews(db: TenantData, ids: number[]): Promise<Map<number, TicketView>> {
  const rows = await db.prepared<TicketView>('ticket-pushes', TICKET_PUSH_SQL, [db.companyId, ids]);
  return new Map(rows.map((ticket) => [ticket.id, ticket]));
}

/**
 * The rooms allowed to see a ticket where it sits (docs/product/realtime.md#rooms): admins, its queue's
 * notification room (tickets without a queue: admins and allTicket users), its owner and its
 * open conversations. Never the whole company.
 */
export function ticketRooms(ticketId: number, ...places: (TicketPlace | undefined)[]): string[] {
  const out = new Set<string>([rooms.admins, rooms.ticket(ticketId)]);
  for (const p of places) {
    if (!p) continue;
    out.add(rooms.queueNotification(p.queueId));
    if (p.userId) out.add(rooms.user(p.userId));
  }
  return [...out];
}

/**
 * Ticket and message events as socket pushes (docs/product/realtime.md#events Realtime events). Under LGPD
 * hide-number everyone but the admins gets the contact's number masked, as their lists show it
 * (contacts/number-policy.ts, applied to every push).
 */
export function registerTicketListeners(ctx: AppContext, realtime: Pushes): void {
  const { events } = ctx;
  /**
   * Ticket pushes of one turn of the event loop go together, as message pushes do: a batch
   * of new conversations (inbound-batch.ts) reads its tickets' views in one statement, then
   * pushes each ticket in order, as one alone would be pushed.
   */
  const waitingTickets = new Map<
    number,
    { ticketId: number; action: 'update'; before?: TicketPlace }[]
  >();
  const pushTickets = async (
    companyId: number,
    items: { ticketId: number; action: 'update'; before?: TicketPlace }[],
  ) => {
    const views = await loadTicketViews(tenantData(ctx.ds, companyId), [
      ...new Set(items.map((i) => i.ticketId)),
    ]).catch(() => new Map<number, TicketView>());
    for (const { ticketId, action, before } of items) {
      const ticket = views.get(ticketId);
      if (!ticket) continue;
      realtime.emit(companyId, 'ticket', ticketRooms(ticketId, ticket, before), {
        action,
        ticket,
      });
    }
  };
  const pushTicket = (
    companyId: number,
    ticketId: number,
    action: 'update',
    before?: TicketPlace,
  ) => {
    let items = waitingTickets.get(companyId);
    if (!items) {
      items = [];
      waitingTickets.set(companyId, items);
      setImmediate(() => {
        const taken = waitingTickets.get(companyId)!;
        waitingTickets.delete(companyId);
        pushTickets(companyId, taken).catch((err: unknown) =>
          ctx.logger.warn({ err, companyId }, 'ticket pushes failed'),
        );
      });
    }
    items.push({ ticketId, action, before });
  };
  events.on('ticket.created', ({ companyId, ticketId }) =>
    pushTicket(companyId, ticketId, 'update'),
  );
  events.on('ticket.updated', ({ companyId, ticketId, before }) =>
    pushTicket(companyId, ticketId, 'update', before),
  );
  // A kanban lane set or cleared on the ticket: its row and card show the new tags.
  events.on('ticket.tags_changed', ({ companyId, ticketId }) =>
    pushTicket(companyId, ticketId, 'update'),
  );
  events.on('ticket.deleted', ({ companyId, ticketId, before }) => {
    realtime.emit(companyId, 'ticket', ticketRooms(ticketId, before), {
      action: 'delete',
      ticketId,
    });
  });
  events.on('ticket.read', ({ companyId, ticketId, place }) => {
    realtime.emit(companyId, 'ticket', ticketRooms(ticketId, place), {
      action: 'updateUnread',
      ticketId,
    });
  });
  /**
   * Message pushes of one turn of the event loop go together: a burst of stored messages
   * (inbound-batch.ts) reads its message views and their tickets' views in two statements,
   * then pushes each message in order, as one message alone would be pushed.
   */
  const waiting = new Map<number, { messageId: number; action: 'create' | 'update' }[]>();
  const pushMessages = async (
    companyId: number,
    items: { messageId: number; action: 'create' | 'update' }[],
  ) => {
    const db = tenantData(ctx.ds, companyId);
    const views = await loadMessageViews(db, [...new Set(items.map((i) => i.messageId))]);
    const messages = new Map(views.map((v) => [v.id, v]));
    const tickets = await loadTicketViews(db, [...new Set(views.map((v) => v.ticketId))]);
    for (const { messageId, action } of items) {
      const message = messages.get(messageId);
      const ticket = message && tickets.get(message.ticketId);
      if (!ticket) continue;
      realtime.emit(companyId, 'appMessage', ticketRooms(ticket.id, ticket), {
        action,
        message,
        ticket,
        contact: ticket.contact,
      });
    }
  };
  const pushMessage = (companyId: number, messageId: number, action: 'create' | 'update') => {
    let items = waiting.get(companyId);
    if (!items) {
      items = [];
      waiting.set(companyId, items);
      setImmediate(() => {
        const taken = waiting.get(companyId)!;
        waiting.delete(companyId);
        pushMessages(companyId, taken).catch((err: unknown) =>
          ctx.logger.warn({ err, companyId }, 'message pushes failed'),
        );
      });
    }
    items.push({ messageId, action });
  };
  events.on('message.created', ({ companyId, messageId }) =>
    pushMessage(companyId, messageId, 'create'),
  );
  events.on('message.updated', ({ companyId, messageId }) =>
    pushMessage(companyId, messageId, 'update'),
  );
}
