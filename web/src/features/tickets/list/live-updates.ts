import type { RealtimePayload } from '@atendo/api-client';
import type { TicketView } from '@atendo/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { ticketKeys, type TicketListFilters, type TicketPage } from './queries';

/** Who is looking at the lists: decides which live tickets belong in them (docs/product/tickets.md#status-transitions, docs/product/tickets.md#who-sees-which-tickets). */
export interface ListViewer {
  id: number;
  admin: boolean;
  allTicket?: 'enable' | 'disable';
  /** The user's own queues. */
  queueIds: number[];
}

/** A `company-{id}-ticket` or `company-{id}-appMessage` push, as the lists read it. */
export type TicketListEvent =
  | { kind: 'update'; ticket: TicketView }
  | { kind: 'message'; ticket: TicketView }
  | { kind: 'delete'; ticketId: number }
  | { kind: 'updateUnread'; ticketId: number };

/** Reads a `company-{id}-ticket` push (docs/product/realtime.md#events). */
export function readTicketEvent(payload: RealtimePayload<'ticket'>): TicketListEvent {
  switch (payload.action) {
    case 'update':
      return { kind: 'update', ticket: payload.ticket };
    case 'delete':
      return { kind: 'delete', ticketId: payload.ticketId };
    case 'updateUnread':
      return { kind: 'updateUnread', ticketId: payload.ticketId };
  }
}

/** Reads a `company-{id}-appMessage` push: a new message moves its ticket (null for an edit). */
export function readMessageEvent(payload: RealtimePayload<'appMessage'>): TicketListEvent | null {
  return payload.action === 'create' ? { kind: 'message', ticket: payload.ticket } : null;
}

/** Whether the ticket's queue is one the list shows. */
function inQueues(ticket: TicketView, filters: TicketListFilters, viewer: ListViewer): boolean {
  const chosen = filters.queueIds.length ? filters.queueIds : null;
  if (viewer.admin && filters.showAll && !chosen) return true;
  if (ticket.queueId === null) return viewer.allTicket === 'enable';
  return (chosen ?? viewer.queueIds).includes(ticket.queueId);
}

/**
 * Whether a live ticket belongs in a list: the tab's status, a queue the list shows, and owned
 * by the viewer or nobody unless show-all is on (another user's ticket leaves the list).
 */
export function belongsInList(
  ticket: TicketView,
  filters: TicketListFilters,
  viewer: ListViewer,
): boolean {
  // One status per tab, as the api lists them (lgpd tickets are found through the search tab).
  if (ticket.status !== filters.status) return false;
  if (ticket.userId !== null && ticket.userId !== viewer.id && !filters.showAll) return false;
  return inQueues(ticket, filters, viewer);
}

const withoutTicket = (tickets: TicketView[], id: number) => tickets.filter((t) => t.id !== id);

/**
 * One list after a live event. Updates replace the row in place (or put a new one on top) when
 * the ticket belongs, and take it out otherwise; a new message puts the row on top; deletes take
 * it out; updateUnread resets its unread count. The search tab's results are the server's
 * answer to a query: events only refresh rows already there, or take out deleted ones.
 */
export function reduceTicketList(
  tickets: TicketView[],
  event: TicketListEvent,
  filters: TicketListFilters,
  viewer: ListViewer,
): TicketView[] {
  if (event.kind === 'delete') return withoutTicket(tickets, event.ticketId);
  if (event.kind === 'updateUnread')
    return tickets.map((t) => (t.id === event.ticketId ? { ...t, unreadMessages: 0 } : t));
  const { ticket } = event;
  const index = tickets.findIndex((t) => t.id === ticket.id);
  if (filters.status === 'search')
    return index < 0 ? tickets : tickets.map((t) => (t.id === ticket.id ? ticket : t));
  if (!belongsInList(ticket, filters, viewer)) return withoutTicket(tickets, ticket.id);
  if (event.kind === 'update' && index >= 0)
    return tickets.map((t) => (t.id === ticket.id ? ticket : t));
  return [ticket, ...withoutTicket(tickets, ticket.id)];
}

/** Applies `reduceTicketList` to the loaded pages of a list, keeping the count in step. */
export function reduceTicketPages(
  data: InfiniteData<TicketPage> | undefined,
  event: TicketListEvent,
  filters: TicketListFilters,
  viewer: ListViewer,
): InfiniteData<TicketPage> | undefined {
  if (!data || data.pages.length === 0) return data;
  const before = data.pages.flatMap((p) => p.tickets);
  const after = reduceTicketList(before, event, filters, viewer);
  if (after === before) return data;
  // The pages are one scroll: the rows are laid out again in their page sizes.
  const sizes = data.pages.map((p) => p.tickets.length);
  const delta = after.length - before.length;
  let offset = 0;
  const pages = data.pages.map((page, i) => {
    const last = i === data.pages.length - 1;
    const size = last ? after.length - offset : (sizes[i] ?? 0);
    const tickets = after.slice(offset, offset + size);
    offset += size;
    return { ...page, tickets, count: Math.max(0, page.count + delta) };
  });
  return { ...data, pages };
}

/** Applies a live event to every cached tickets list, each with its own filters. */
export function applyTicketEvent(
  client: QueryClient,
  event: TicketListEvent,
  viewer: ListViewer,
): void {
  for (const query of client.getQueryCache().findAll({ queryKey: ticketKeys.lists() })) {
    const filters = query.queryKey[2] as TicketListFilters | undefined;
    if (!filters) continue;
    client.setQueryData<InfiniteData<TicketPage>>(query.queryKey, (data) =>
      reduceTicketPages(data, event, filters, viewer),
    );
  }
}
