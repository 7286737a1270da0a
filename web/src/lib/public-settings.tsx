import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { publicApi } from './api';

interface PublicSettings {
  /** Whether visitors may sign up a company (public setting userCreation). */
  userCreationEnabled: boolean;
}

const PublicSettingsContext = createContext<PublicSettings | null>(null);

/** Cache keys of the public settings. */
export const publicSettingKeys = {
  all: ['publicSettings'] as const,
  one: (key: string) => [...publicSettingKeys.all, key] as const,
};

/** Reads a public setting; a failed read is null (docs/product/settings.md#routes). */
export async function readPublicSetting(key: string, signal?: AbortSignal): Promise<string | null> {
  try {
    return (await publicApi.call('publicSetting', { params: { key }, signal })) ?? null;
  } catch {
    return null;
  }
}

/** Renders nothing until userCreation has been read (docs/product/settings.md), then provides it. */
export function PublicSettingsProvider({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const userCreation = useQuery({
    queryKey: publicSettingKeys.one('userCreation'),
    queryFn: ({ signal }) => readPublicSetting('userCreation', signal),
    staleTime: Infinity,
    meta: { public: true },
  });

  if (userCreation.isPending) return <>{fallback ?? null}</>;
  const settings = { userCreationEnabled: userCreation.data === 'enabled' };
  return (
    <PublicSettingsContext.Provider value={settings}>{children}</PublicSettingsContext.Provider>
  );
}

/** The public settings read at start. */
export function usePublicSettings(): PublicSettings {
  const value = useContext(PublicSettingsContext);
  if (!value) throw new Error('usePublicSettings outside PublicSettingsProvider');
  return value;
}
