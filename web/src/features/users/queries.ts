import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the users feature. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: () => [...userKeys.lists(), 'all'] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

/** Every user of the company (id and name: pickers, transfer, filters). */
export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => api.call('usersList', { signal }),
  });
}
