import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the contact lists feature (the campaign dialog's picker reads ['contactLists', 'list', …]). */
export const contactListKeys = {
  all: ['contactLists'] as const,
  pages: () => [...contactListKeys.all, 'page'] as const,
  page: (searchParam: string) => [...contactListKeys.pages(), searchParam] as const,
  detail: (id: number) => [...contactListKeys.all, 'detail', id] as const,
  items: () => ['contactListItems'] as const,
  itemPages: (contactListId: number) => [...contactListKeys.items(), contactListId] as const,
  itemPage: (contactListId: number, searchParam: string) =>
    [...contactListKeys.itemPages(contactListId), searchParam] as const,
};

/** The contact lists page's list, 20 a page, loaded page after page as it scrolls. */
export function useContactListsInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: contactListKeys.page(searchParam),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('contactListsIndex', { query: { searchParam, pageNumber: pageParam }, signal }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** One contact list (the items page's title). */
export function useContactList(id: number) {
  return useQuery({
    queryKey: contactListKeys.detail(id),
    queryFn: ({ signal }) => api.call('contactListsShow', { params: { id }, signal }),
  });
}

/** A list's items, 20 a page, searched by name, number or email. */
export function useContactListItemsInfinite(contactListId: number, searchParam: string) {
  return useInfiniteQuery({
    queryKey: contactListKeys.itemPage(contactListId, searchParam),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('contactListItemsIndex', {
        query: { contactListId, searchParam, pageNumber: pageParam },
        signal,
      }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}
