import type { ContactView, TicketView } from '@atendo/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { patchPagedList } from '@/lib/cache/paged-list';
import { chatKeys } from '../tickets/conversation/queries';
import { ticketKeys, type TicketPage } from '../tickets/list/queries';
import { contactKeys } from './queries';

type ContactTag = ContactView['tags'][number];

/** A ticket whose contact is `contactId`, with that contact's tags replaced. */
const withContactTags = (ticket: TicketView, contactId: number, tags: ContactTag[]) =>
  ticket.contactId === contactId && ticket.contact
    ? { ...ticket, contact: { ...ticket.contact, tags } }
    : ticket;

/**
 * A contact's tags changed: the tickets lists' rows and every open conversation (the contact
 * drawer reads the ticket's contact before the contact itself loads) of that contact show them.
 */
export function patchTicketsContactTags(
  client: QueryClient,
  contactId: number,
  tags: ContactTag[],
) {
  client.setQueriesData<InfiniteData<TicketPage>>({ queryKey: ticketKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            tickets: p.tickets.map((t) => withContactTags(t, contactId, tags)),
          })),
        }
      : data,
  );
  client.setQueriesData<TicketView>({ queryKey: [...chatKeys.all, 'ticket'] }, (ticket) =>
    ticket ? withContactTags(ticket, contactId, tags) : ticket,
  );
}

/** Every cached copy of a contact (its detail, the contact lists, its tickets) with new tags. */
export function applyContactTags(client: QueryClient, contactId: number, tags: ContactTag[]) {
  client.setQueryData<ContactView>(contactKeys.detail(contactId), (old) =>
    old ? { ...old, tags } : old,
  );
  patchPagedList<Partial<ContactView>>(
    client,
    contactKeys.lists(),
    { idOf: (c) => c.id!, field: 'contacts' },
    { upsert: { id: contactId, tags }, insert: false },
  );
  patchTicketsContactTags(client, contactId, tags);
}
