import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the tags feature. */
export const tagKeys = {
  all: ['tags'] as const,
  pages: () => [...tagKeys.all, 'page'] as const,
  page: (searchParam: string) => [...tagKeys.pages(), searchParam] as const,
  detail: (id: number) => [...tagKeys.all, 'detail', id] as const,
  contacts: (id: number) => [...tagKeys.all, 'contacts', id] as const,
};

/** The tags page's list (ordinary tags), 20 a page, loaded page after page as it scrolls. */
export function useTagsInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: tagKeys.page(searchParam),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('tagsIndex', { query: { searchParam, pageNumber: pageParam }, signal }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The contacts carrying one tag (the contacts dialog). */
export function useTagContacts(tagId: number | null) {
  return useQuery({
    queryKey: tagKeys.contacts(tagId ?? 0),
    queryFn: ({ signal }) => api.call('tagsContacts', { params: { id: tagId! }, signal }),
    enabled: tagId !== null,
  });
}

/** The company's ordinary tags (kanban lanes are not tags), for pickers; loaded when asked. */
export function useCompanyTags(enabled = true) {
  return useQuery({
    queryKey: [...tagKeys.all, 'list', 'ordinary'] as const,
    queryFn: ({ signal }) => api.call('tagsList', { query: {}, signal }),
    enabled,
    staleTime: 30_000,
  });
}
