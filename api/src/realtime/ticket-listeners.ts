import { masksContactNumbers, rooms, type TicketView } from '@atendo/domain';
import type { AppContext } from '../context.js';
import { tenantData, type TenantData } from '../db/tenant-data.js';
import type { TicketPlace } from '../events/bus.js';
import { loadMessageView } from '../modules/messages/message-views.js';
import { TICKET_VIEW_COLUMNS, TICKET_VIEW_JOINS } from '../modules/tickets/ticket-views.js';
import type { Pushes } from './server.js';
import { maskTicket } from '../modules/tickets/mask-ticket-numbers.js';

/**
 * A ticket's view with its company's LGPD switches, in one read: every push needs both (the
 * switches decide whether non-admins get the number masked), and pushes follow every message.
 */
const TICKET_PUSH_SQL = `SELECT ${TICKET_VIEW_COLUMNS},
       (SELECT json_object_agg(s.key, s.value) FROM settings s
         WHERE s."companyId" = $1 AND s.key IN ('enableLGPD', 'lgpdHideNumber')) AS "lgpdSettings"
  FROM tickets t ${TICKET_VIEW_JOINS}
 WHERE t."companyId" = $1 AND t.id = $2`;

/** A ticket's view and whether its pushes mask numbers for non-admins; null when it is gone. */
async function loadTicketPush(
  db: TenantData,
  ticketId: number,
): Promise<{ ticket: TicketView; mask: boolean } | null> {
  const [row] = await db.prepared<TicketView & { lgpdSettings: Record<string, string> | null }>(
    'ticket-push',
    TICKET_PUSH_SQL,
    [db.companyId, ticketId],
  );
  if (!row) return null;
  const { lgpdSettings, ...ticket } = row;
  return { ticket, mask: masksContactNumbers(lgpdSettings ?? {}, 'user') };
}

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
  const emitMasked = (
    companyId: number,
    entity: 'ticket' | 'appMessage',
    targets: string[],
    masks: boolean,
    payload: (mask: boolean) => { action: string } & Record<string, unknown>,
  ) => {
    if (!masks) {
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
    const push = await loadTicketPush(tenantData(ctx.ds, companyId), ticketId).catch(() => null);
    if (!push) return;
    const { ticket } = push;
    emitMasked(companyId, 'ticket', ticketRooms(ticketId, ticket, before), push.mask, (mask) => ({
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
    const push = await loadTicketPush(db, message.ticketId).catch(() => null);
    if (!push) return;
    const { ticket } = push;
    emitMasked(companyId, 'appMessage', ticketRooms(ticket.id, ticket), push.mask, (mask) => {
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
