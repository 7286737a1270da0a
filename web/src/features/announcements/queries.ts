import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the announcements feature. */
export const announcementKeys = {
  all: ['announcements'] as const,
  /** The super admin's page (GET /announcements/), one entry per search. */
  pages: () => [...announcementKeys.all, 'page'] as const,
  page: (searchParam: string) => [...announcementKeys.pages(), searchParam] as const,
  /** The top bar's active announcements (GET /announcements/for-company). */
  forCompany: () => [...announcementKeys.all, 'for-company'] as const,
};

/** The announcements page's list, 20 a page, loaded page after page as it scrolls. */
export function useAnnouncementsInfinite(searchParam: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: announcementKeys.page(searchParam),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('announcementsIndex', { query: { searchParam, pageNumber: pageParam }, signal }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });
}

/** The active announcements every user's top bar shows (first page: the 20 most important). */
export function useCompanyAnnouncements() {
  return useQuery({
    queryKey: announcementKeys.forCompany(),
    queryFn: ({ signal }) =>
      api.call('announcementsForCompany', { query: { pageNumber: 1 }, signal }),
  });
}
