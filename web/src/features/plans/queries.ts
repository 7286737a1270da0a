import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the plans feature. */
export const planKeys = {
  all: ['plans'] as const,
  /** Every plan (super admin: the plans page and the company form's plan select). */
  list: () => [...planKeys.all, 'all'] as const,
};

/** Every plan, public or not (super admin). */
export function usePlansAll(enabled = true) {
  return useQuery({
    queryKey: planKeys.list(),
    queryFn: ({ signal }) => api.call('plansAll', { signal }),
    enabled,
  });
}
