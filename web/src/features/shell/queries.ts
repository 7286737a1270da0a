import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** Cache keys of the shell. */
export const shellKeys = {
  version: ['version'] as const,
};

/** The backend version shown at the bottom of the drawer (also kept locally, docs/product/connections.md#limits-and-defaults). */
export function useBackendVersion() {
  return useQuery({
    queryKey: shellKeys.version,
    queryFn: async ({ signal }) => {
      const { version } = await api.call('version', { signal });
      writeStorage(STORAGE_KEYS.version, version);
      return version;
    },
    staleTime: Infinity,
    meta: { public: true },
  });
}
