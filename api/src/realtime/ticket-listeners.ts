import { masksContactNumbers, rooms, type TicketView } from '@atendo/domain';
import type { AppContext } from '../context.js';
import { tenantData, type TenantData } from '../db/tenant-data.js';
import type { TicketPlace } from '../events/bus.js';
import { loadMessageViews } from '../modules/messages/message-views.js';
import { TICKET_VIEW_COLUMNS, TICKET_VIEW_JOINS } from '../modules/tickets/ticket-views.js';
import type { Pushes } from './server.js';
import { maskTicket } from '../modules/tickets/mask-ticket-numbers.js';

/**
 * Tickets' views with their company's LGPD switches, in one read: every push needs both (the
 * switches decide whether non-admins get the number masked), and pushes follow every message.
 */
const TICKET_PUSH_SQL = `SELECT ${TICKET_VIEW_COLUMNS},
       (SELECT json_object_agg(s.key, s.value) FROM settings s
         WHERE s."companyId" = $1 AND s.key IN ('enableLGPD', 'lgpdHideNumber')) AS "lgpdSettings"
  FROM tickets t ${TICKET_VIEW_JOINS}
 WHERE t."companyId" = $1 AND t.id = ANY($2::int[])`;

type TicketPush = { ticket: TicketView; mask: boolean };

/** Tickets' views and whether their pushes mask numbers for non-admins, by id (gone ones left out). */
async function loadTicketPushes(db: TenantData, ids: number[]): Promise<Map<number, TicketPush>> {
  const rows = await db.prepared<TicketView & { lgpdSettings: Record<string, string> | null }>(
    'ticket-pushes',
    TICKET_PUSH_SQL,
    [db.companyId, ids],
  );
  return new Map(
    rows.map(({ lgpdSettings, ...ticket }) => [
      ticket.id,
      { ticket, mask: masksContactNumbers(lgpdSettings ?? {}, 'user') },
    ]),
  );
}

const loadTicketPush = async (db: TenantData, ticketId: number): Promise<TicketPush | null> =>
  (await loadTicketPushes(db, [ticketId])).get(ticketId) ?? null;

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
    const pushes = await loadTicketPushes(db, [...new Set(views.map((v) => v.ticketId))]);
    for (const { messageId, action } of items) {
      const message = messages.get(messageId);
      const push = message && pushes.get(message.ticketId);
      if (!push) continue;
      const { ticket } = push;
      emitMasked(companyId, 'appMessage', ticketRooms(ticket.id, ticket), push.mask, (mask) => {
        const shown = maskTicket(ticket, mask);
        return { action, message, ticket: shown, contact: shown.contact };
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
