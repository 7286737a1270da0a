import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the users feature. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: () => [...userKeys.lists(), 'all'] as const,
  /** The users page's pages (`{users, count, hasMore}`), by search and page number. */
  pages: () => [...userKeys.all, 'page'] as const,
  page: (searchParam: string, pageNumber: number) =>
    [...userKeys.pages(), searchParam, pageNumber] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

/** Every user of the company (id and name: pickers, transfer, filters). */
export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => api.call('usersList', { signal }),
  });
}

/** Rows the api sends per page of `GET /users` (fixed on the server). */
export const USERS_PAGE_SIZE = 20;

/** One page of the users page's table, as the api pages and searches it. */
export function useUsersPage(searchParam: string, pageNumber: number) {
  return useQuery({
    queryKey: userKeys.page(searchParam, pageNumber),
    queryFn: ({ signal }) => api.call('usersIndex', { query: { searchParam, pageNumber }, signal }),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
