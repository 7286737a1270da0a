import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the company settings feature. */
export const settingKeys = {
  all: ['settings'] as const,
  list: () => [...settingKeys.all, 'list'] as const,
  detail: (key: string) => [...settingKeys.all, 'detail', key] as const,
};

/** The company's settings as {key, value} rows. */
export function useSettings() {
  return useQuery({
    queryKey: settingKeys.list(),
    queryFn: ({ signal }) => api.call('settingsIndex', { signal }),
  });
}
