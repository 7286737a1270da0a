import type { KanbanTicketView, TagView } from '@atendo/domain';
import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** A lane of the board (a tag with kanban=1). */
export type KanbanLane = TagView;
/** A card of the board. */
export type KanbanTicket = KanbanTicketView;

/** The board's filters: queue ids (none: every queue the user sees) and days (yyyy-MM-dd). */
export interface KanbanFilters {
  queueIds: number[];
  startDate: string;
  endDate: string;
}

/** One page of GET /ticket/kanban. */
export type KanbanTicketsPage = { tickets: KanbanTicket[]; count?: number; hasMore: boolean };
export type KanbanTicketsData = InfiniteData<KanbanTicketsPage>;

/**
 * Cache keys of the kanban feature, all under `['kanban']`: the board's lanes, its cards by
 * filters, and the lanes page's list by search.
 */
export const kanbanKeys = {
  all: ['kanban'] as const,
  lanes: () => [...kanbanKeys.all, 'lanes'] as const,
  tickets: () => [...kanbanKeys.all, 'tickets'] as const,
  ticketList: (filters: KanbanFilters) => [...kanbanKeys.tickets(), filters] as const,
  lanePages: () => [...kanbanKeys.all, 'lane-page'] as const,
  lanePage: (searchParam: string) => [...kanbanKeys.lanePages(), searchParam] as const,
};

/** The company's lanes by id (the board's columns after 'Em aberto'). */
export function useKanbanLanes() {
  return useQuery({
    queryKey: kanbanKeys.lanes(),
    queryFn: ({ signal }) => api.call('kanbanLanes', { signal }),
    select: (data) => data.lista,
  });
}

/** The board's cards, 400 a page (newest activity first), more pages on demand. */
export function useKanbanTickets(filters: KanbanFilters) {
  return useInfiniteQuery({
    queryKey: kanbanKeys.ticketList(filters),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('kanbanTickets', {
        query: {
          queueIds: filters.queueIds.length ? filters.queueIds : undefined,
          startDate: filters.startDate || undefined,
          endDate: filters.endDate || undefined,
          pageNumber: pageParam,
        },
        signal,
      }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The lanes page's list (tags with kanban=1 and their ticket counts), page after page. */
export function useKanbanLanePages(searchParam: string) {
  return useInfiniteQuery({
    queryKey: kanbanKeys.lanePage(searchParam),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('tagsIndex', { query: { searchParam, pageNumber: pageParam, kanban: 1 }, signal }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}
