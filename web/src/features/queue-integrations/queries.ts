import type { queueIntegrationView } from '@atendo/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

/** One row of GET /queueIntegration: an integration's type, name and address, never its key. */
export type QueueIntegrationRow = z.output<typeof queueIntegrationView>;

/**
 * Cache keys of the integrations feature. Everything sits under `['queueIntegrations']`, so
 * `picker()` is the very key of the queue dialog's and the connection modal's integration
 * pickers (features/queues/queries.ts, features/connections/queries.ts).
 */
export const queueIntegrationKeys = {
  all: ['queueIntegrations'] as const,
  pages: () => [...queueIntegrationKeys.all, 'page'] as const,
  page: (searchParam: string) => [...queueIntegrationKeys.pages(), searchParam] as const,
  /** The queue dialog's and connection modal's integration picker. */
  picker: () => [...queueIntegrationKeys.all, 'picker'] as const,
  detail: (id: number) => [...queueIntegrationKeys.all, 'detail', id] as const,
};

/** The integrations page's list, 100 a page by name, loaded page after page as it scrolls. */
export function useQueueIntegrationsInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: queueIntegrationKeys.page(searchParam),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('queueIntegrationsIndex', {
        query: { searchParam, pageNumber: pageParam },
        signal,
      }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** One integration as its dialog edits it (whether a key is stored); idle while `id` is null. */
export function useQueueIntegration(id: number | null) {
  return useQuery({
    queryKey: queueIntegrationKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.call('queueIntegrationsShow', { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
