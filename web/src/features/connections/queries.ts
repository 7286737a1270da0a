import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the connections feature (the api's `whatsapp` entity). */
export const connectionKeys = {
  all: ['connections'] as const,
  lists: () => [...connectionKeys.all, 'list'] as const,
  list: () => [...connectionKeys.lists(), 'all'] as const,
  detail: (id: number) => [...connectionKeys.all, 'detail', id] as const,
};

/** The company's connections. */
export function useConnections() {
  return useQuery({
    queryKey: connectionKeys.list(),
    queryFn: ({ signal }) => api.call('whatsappIndex', { signal }),
  });
}
