import { rooms } from '@atendo/domain';
import type { AppContext } from '../context.js';
import { tenantData } from '../db/tenant-data.js';
import type { TicketPlace } from '../events/bus.js';
import { loadMessageView } from '../modules/messages/message-views.js';
import { loadTicketView } from '../modules/tickets/ticket-views.js';
import type { Pushes } from './server.js';
import { lgpdHidesNumbers } from '../modules/contacts/number-masking.js';
import { maskTicket } from '../modules/tickets/mask-ticket-numbers.js';

/**
 * The rooms allowed to see a ticket where it sits (BEHAVIOUR §J): admins, its queue's
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

/** Ticket and message events as socket pushes (spec 1 §7 Realtime events). */
export function registerTicketListeners(ctx: AppContext, realtime: Pushes): void {
  const { events } = ctx;
  /**
   * Under LGPD hide-number the admins get the contact's number and everyone else the masked
   * one, as their lists show it; otherwise one push to every room.
   */
  const emitMasked = async (
    companyId: number,
    entity: 'ticket' | 'appMessage',
    targets: string[],
    payload: (mask: boolean) => { action: string } & Record<string, unknown>,
  ) => {
    if (!(await lgpdHidesNumbers(tenantData(ctx.ds, companyId)))) {
      realtime.emit(companyId, entity, targets, payload(false));
      return;
    }
    realtime.emit(companyId, entity, [rooms.admins], payload(false));
    realtime.emit(companyId, entity, targets, payload(true), [rooms.admins]);
  };
  const pushTicket = async (
    companyId: number,
    ticketId: number,
    action: string,
    before?: TicketPlace,
  ) => {
    const ticket = await loadTicketView(tenantData(ctx.ds, companyId), ticketId).catch(() => null);
    if (!ticket) return;
    await emitMasked(companyId, 'ticket', ticketRooms(ticketId, ticket, before), (mask) => ({
      action,
      ticket: maskTicket(ticket, mask),
    }));
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
  const pushMessage = async (companyId: number, messageId: number, action: 'create' | 'update') => {
    const db = tenantData(ctx.ds, companyId);
    const message = await loadMessageView(db, messageId).catch(() => null);
    if (!message) return;
    const ticket = await loadTicketView(db, message.ticketId).catch(() => null);
    if (!ticket) return;
    await emitMasked(companyId, 'appMessage', ticketRooms(ticket.id, ticket), (mask) => {
      const shown = maskTicket(ticket, mask);
      return { action, message, ticket: shown, contact: shown.contact };
    });
  };
  events.on('message.created', ({ companyId, messageId }) =>
    pushMessage(companyId, messageId, 'create'),
  );
  events.on('message.updated', ({ companyId, messageId }) =>
    pushMessage(companyId, messageId, 'update'),
  );
}
