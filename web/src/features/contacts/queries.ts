import type { ContactView } from '@atendo/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** What the contacts list is filtered by. */
export interface ContactFilters {
  searchParam: string;
  tagIds: number[];
}

/** Cache keys of the contacts feature. */
export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (filters: ContactFilters) => [...contactKeys.lists(), filters] as const,
  detail: (id: number) => [...contactKeys.all, 'detail', id] as const,
};

/** The contact list, 20 a page, loaded page after page as the table scrolls. */
export function useContactsInfinite(filters: ContactFilters) {
  return useInfiniteQuery({
    queryKey: contactKeys.list(filters),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('contactsIndex', {
        query: {
          searchParam: filters.searchParam,
          pageNumber: pageParam,
          ...(filters.tagIds.length ? { contactTag: JSON.stringify(filters.tagIds) } : {}),
        },
        signal,
      }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** One contact (the modal's edit form reads it fresh). */
export function useContact(id: number | null) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.call('contactsShow', { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** The company's tags for the filter (kanban lanes are not tags). */
export function useTagOptions() {
  return useQuery({
    queryKey: ['tags', 'list', 'contacts-filter'] as const,
    queryFn: ({ signal }) => api.call('tagsList', { query: {}, signal }),
  });
}

export type { ContactView };
