import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the helps feature. */
export const helpKeys = {
  all: ['helps'] as const,
  list: () => [...helpKeys.all, 'list'] as const,
};

/** Every help article (the help page's grid, the admin tab; the drawer shows Help only when one exists). */
export function useHelps() {
  return useQuery({
    queryKey: helpKeys.list(),
    queryFn: ({ signal }) => api.call('helpsList', { signal }),
  });
}
