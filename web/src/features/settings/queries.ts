import type { CallInput } from '@atendo/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { upsertRecord } from '@/lib/cache/list-cache';
import { optimisticRouteMutation } from '@/lib/cache/optimistic';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';

/** One company setting. */
export interface Setting {
  key: string;
  value: string | null;
}

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

/**
 * Changes one setting. The settings screen is a column of toggles and selects that must answer
 * at once, so the new value shows before the api confirms and goes back if it refuses; the
 * settings are read again after a success (settingsUpdate's ROUTE_INVALIDATIONS entry) or a
 * refusal. Called with the setting itself: `mutate({ key, value })`.
 */
export function useUpdateSetting() {
  const client = useQueryClient();
  const save = useRouteMutation('settingsUpdate', {
    ...optimisticRouteMutation<CallInput<'settingsUpdate'>>(
      client,
      settingKeys.all,
      (data, { params, body }) => {
        const setting: Setting = { key: params.key, value: body.value };
        return Array.isArray(data)
          ? upsertRecord(data, setting, { idOf: (s: Setting) => s.key, insertAt: 'end' })
          : data && typeof data === 'object' && 'key' in data && data.key === setting.key
            ? { ...data, value: setting.value }
            : data;
      },
    ),
    meta: { toastError: true },
  });
  const input = ({ key, value }: Setting): CallInput<'settingsUpdate'> => ({
    params: { key },
    body: { value: value ?? '' },
  });
  return {
    ...save,
    mutate: (setting: Setting, options?: Parameters<typeof save.mutate>[1]) =>
      save.mutate(input(setting), options),
    mutateAsync: (setting: Setting, options?: Parameters<typeof save.mutateAsync>[1]) =>
      save.mutateAsync(input(setting), options),
  };
}

/** The company's schedule type setting (disabled, queue, company or connection). */
export function useScheduleType(): string | undefined {
  const settings = useSettings();
  return settings.data?.find((s) => s.key === 'scheduleType')?.value ?? undefined;
}

/** Cache keys of the proxies (settings page, proxy tab). */
export const proxyKeys = {
  all: ['proxies'] as const,
  list: () => [...proxyKeys.all, 'list'] as const,
};

/** The company's proxies; passwords never come back, only `hasPassword`. */
export function useProxies() {
  return useQuery({
    queryKey: proxyKeys.list(),
    queryFn: ({ signal }) => api.call('proxiesIndex', { signal }),
  });
}

/** Cache key of the company's own record as the schedules tab reads it. */
export const ownCompanyKey = (companyId: number) => ['ownCompany', companyId] as const;

/** The caller's company (its working hours for the schedules tab). */
export function useOwnCompany(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: ownCompanyKey(companyId),
    queryFn: ({ signal }) => api.call('companiesShow', { params: { id: companyId }, signal }),
    enabled,
  });
}
