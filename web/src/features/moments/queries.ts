import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { eventBinding } from '@/lib/realtime/socket-cache';

/** Cache keys of the live attendance panel. */
export const momentsKeys = {
  all: ['moments'] as const,
  users: () => [...momentsKeys.all, 'users'] as const,
};

/** GET /usersMoments: every open and pending ticket with its user. */
export function useUsersMoments() {
  return useQuery({
    queryKey: momentsKeys.users(),
    queryFn: ({ signal }) => api.call('usersMoments', { signal }),
  });
}

/**
 * The panel refetches on every company event of tickets, messages, users and contacts
 * (docs/product/dashboard-and-reports.md "Live panel"): a card's contents depend on all four, so nothing is merged.
 */
export const momentsSocketBindings = (['ticket', 'appMessage', 'user', 'contact'] as const).map(
  (entity) => eventBinding({ entity, strategy: 'invalidate', invalidate: [momentsKeys.all] }),
);
