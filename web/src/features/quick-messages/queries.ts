import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the quick messages feature. */
export const quickMessageKeys = {
  all: ['quick-messages'] as const,
  pages: () => [...quickMessageKeys.all, 'page'] as const,
  page: (searchParam: string) => [...quickMessageKeys.pages(), searchParam] as const,
  /** The composer's list (GET /quick-messages/list). */
  composer: () => [...quickMessageKeys.all, 'composer'] as const,
  detail: (id: number) => [...quickMessageKeys.all, 'detail', id] as const,
};

/** The quick messages page's list, 20 a page, loaded page after page as it scrolls. */
export function useQuickMessagesInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: quickMessageKeys.page(searchParam),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('quickMessagesIndex', { query: { searchParam, pageNumber: pageParam }, signal }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}
