import type { TicketView } from '@atendo/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ListTab } from './storage';

/** What one tickets list is asked for: the tab and the toolbar's and search panel's filters. */
export interface TicketListFilters {
  status: ListTab;
  showAll: boolean;
  queueIds: number[];
  sortTickets: 'ASC' | 'DESC';
  searchParam: string;
  searchOnMessages: boolean;
  tags: number[];
  whatsappIds: number[];
  statusFilter: string[];
  userFilter: number[];
}

/** One page of GET /tickets. */
export interface TicketPage {
  tickets: TicketView[];
  count: number;
  hasMore: boolean;
}

/** Cache keys of the tickets list. */
export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (filters: TicketListFilters) => [...ticketKeys.lists(), filters] as const,
  unread: () => [...ticketKeys.all, 'unread'] as const,
};

const jsonIds = (ids: readonly (number | string)[]) =>
  ids.length ? JSON.stringify(ids) : undefined;

/** The query string of GET /tickets for a list (ids as the JSON text the lineage sends). */
export function ticketListQuery(filters: TicketListFilters, pageNumber: number) {
  const search = filters.status === 'search';
  return {
    status: filters.status,
    pageNumber,
    showAll: search ? false : filters.showAll,
    queueIds: jsonIds(filters.queueIds),
    sortTickets: filters.sortTickets,
    ...(search
      ? {
          searchParam: filters.searchParam,
          searchOnMessages: filters.searchOnMessages,
          tags: jsonIds(filters.tags),
          whatsappIds: jsonIds(filters.whatsappIds),
          statusFilter: jsonIds(filters.statusFilter),
          userFilter: jsonIds(filters.userFilter),
        }
      : {}),
  } as const;
}

/** A tab's tickets, 40 a page, the next page fetched as the list nears its end. */
export function useTicketsInfinite(filters: TicketListFilters) {
  return useInfiniteQuery({
    queryKey: ticketKeys.list(filters),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('ticketsIndex', {
        // The schema's preprocessors read the JSON texts; the client types their input side.
        query: ticketListQuery(filters, pageParam) as never,
        signal,
      }) as Promise<TicketPage>,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The tabs whose unread tickets the page title counts. */
const UNREAD_TABS = ['open', 'pending', 'group'] as const;

/**
 * How many tickets with unread messages the user sees in the open, pending and (with
 * allowGroup) group tabs: the page title's counter.
 */
export function useUnreadTicketsCount(withGroups: boolean) {
  return useQuery({
    queryKey: [...ticketKeys.unread(), withGroups] as const,
    queryFn: async ({ signal }) => {
      const tabs = UNREAD_TABS.filter((tab) => withGroups || tab !== 'group');
      const pages = await Promise.all(
        tabs.map((status) =>
          api.call('ticketsIndex', {
            query: { status, withUnreadMessages: true, showAll: false, pageNumber: 1 } as never,
            signal,
          }),
        ),
      );
      return pages.reduce((sum, page) => sum + (page.count ?? page.tickets.length), 0);
    },
  });
}

/** The company's queues (the queue filter, the new-ticket and accept pickers). */
export function useQueueOptions() {
  return useQuery({
    queryKey: ['queues', 'list', 'options'] as const,
    queryFn: ({ signal }) => api.call('queuesIndex', { signal }),
  });
}

/** The company's tags (the search tab's tag filter). */
export function useTagFilterOptions() {
  return useQuery({
    queryKey: ['tags', 'list', 'tickets-filter'] as const,
    queryFn: ({ signal }) => api.call('tagsList', { query: {}, signal }),
  });
}

/** The company's users (the admin's user filter). */
export function useUserFilterOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'list', 'tickets-filter'] as const,
    queryFn: ({ signal }) => api.call('usersList', { query: {}, signal }),
    enabled,
  });
}

/** One setting's value (null when unset or unreadable). */
export function useSettingValue(key: string) {
  return useQuery({
    queryKey: [...ticketKeys.all, 'setting', key] as const,
    queryFn: async ({ signal }) => {
      try {
        const setting = await api.call('settingsShow', { params: { key }, signal });
        return setting?.value ?? null;
      } catch {
        // An unset setting reads as its default (docs/product/errors.md#error-catalogue: a failed setting read falls back).
        return null;
      }
    },
  });
}
