import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { publicApi } from './api';

interface PublicSettings {
  /** Whether visitors may sign up a company (public setting userCreation). */
  userCreationEnabled: boolean;
}

const PublicSettingsContext = createContext<PublicSettings | null>(null);

/** Reads a public setting; a failed read is null (spec 1 §7). */
export async function readPublicSetting(key: string): Promise<string | null> {
  try {
    return (await publicApi.call('publicSetting', { params: { key } })) ?? null;
  } catch {
    return null;
  }
}

/** Renders nothing until userCreation has been read (spec 1 §2), then provides it. */
export function PublicSettingsProvider({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [settings, setSettings] = useState<PublicSettings | null>(null);

  useEffect(() => {
    let live = true;
    void readPublicSetting('userCreation').then((value) => {
      if (live) setSettings({ userCreationEnabled: value === 'enabled' });
    });
    return () => {
      live = false;
    };
  }, []);

  if (!settings) return <>{fallback ?? null}</>;
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
