import type { TicketView } from '@atendo/domain';
import { useQuery } from '@tanstack/react-query';
import { shouldNotify } from '@/features/tickets/list/notifications';
import { ticketKeys, type TicketPage } from '@/features/tickets/list/queries';
import type { ListViewer } from '@/features/tickets/list/live-updates';
import { api } from '@/lib/api';

/** The tabs whose unread tickets notify (docs/product/tickets.md#status-transitions: open and group; pending with the setting). */
const TABS = ['open', 'pending', 'group'] as const;

/**
 * Whether a ticket with unread messages belongs in the notifications (docs/product/tickets.md#status-transitions): unread
 * messages from the contact, owned by me or by nobody, in my queues, open or group, pending
 * only with the company's showNotificationPending. The same rule as the new-message sound.
 */
export function notifies(ticket: TicketView, viewer: ListViewer, showPending: boolean): boolean {
  return (
    ticket.unreadMessages > 0 &&
    shouldNotify({ message: { fromMe: false, read: false }, ticket }, viewer, showPending)
  );
}

/**
 * The tickets with unread messages the user may see: the tickets list's GET /tickets with
 * withUnreadMessages, cached under the tickets' unread key, so the pushes that refresh the
 * title counter (TicketAlerts, the tickets lists) refresh these too. Newest first.
 */
export function useUnreadTickets(withGroups: boolean) {
  return useQuery({
    queryKey: [...ticketKeys.unread(), 'tickets', withGroups] as const,
    queryFn: async ({ signal }) => {
      const tabs = TABS.filter((tab) => withGroups || tab !== 'group');
      const pages = await Promise.all(
        tabs.map(
          (status) =>
            api.call('ticketsIndex', {
              query: { status, withUnreadMessages: true, showAll: false, pageNumber: 1 } as never,
              signal,
            }) as Promise<TicketPage>,
        ),
      );
      const seen = new Set<number>();
      return pages
        .flatMap((page) => page.tickets)
        .filter((ticket) => !seen.has(ticket.id) && seen.add(ticket.id))
        .sort((a, b) => String(b.updatedAt).localeCompare(String(a.updatedAt)));
    },
  });
}
