import { WHITELABEL_KEYS } from '@atendo/domain';
import { useQueries } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { publicSettingKeys, readPublicSetting } from '@/lib/public-settings';
import { readStorage, writeStorage } from '@/lib/storage';
import { useTheme } from '@/lib/theme-provider';
import {
  applyFavicon,
  applyPrimaryColor,
  BRANDING_STORAGE_KEYS,
  brandingAssetUrl,
  primaryColorOf,
  type BrandingKey,
  type BrandingValues,
} from './branding';

/** The platform's branding as the console shows it. */
export interface Branding {
  /** The raw settings (file names or addresses), for the whitelabel tab. */
  values: BrandingValues;
  appName: string;
  /** The primary colour of the current mode. */
  primaryColor: string;
  /** The current mode's logo (the dark mode falls back to the light one), if any. */
  logoUrl: string | null;
  faviconUrl: string | null;
  loginEnterImageUrl: string | null;
  loginRegisterImageUrl: string | null;
}

const BrandingContext = createContext<Branding | null>(null);

const storedCopy = (key: BrandingKey): string | null =>
  (BRANDING_STORAGE_KEYS as readonly string[]).includes(key)
    ? readStorage(key as (typeof BRANDING_STORAGE_KEYS)[number])
    : null;

/**
 * Reads the platform's whitelabel settings (public: the login page needs them) and applies them
 * to the whole document: the mode's primary colour into the theme tokens, the favicon and the
 * title. A change written to the cache (the whitelabel tab, or the settings socket event that
 * refetches public settings) shows at once. Colours and app name are also kept locally so the
 * next load paints them before any request (index.html).
 */
export function BrandingProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { theme } = useTheme();
  const results = useQueries({
    queries: WHITELABEL_KEYS.map((key) => ({
      queryKey: publicSettingKeys.one(key),
      queryFn: ({ signal }: { signal: AbortSignal }) => readPublicSetting(key, signal),
      staleTime: Infinity,
      meta: { public: true },
    })),
  });
  const data = results.map((r) => r.data);
  const pending = results.map((r) => r.isPending);
  const values = useMemo(
    () =>
      Object.fromEntries(
        WHITELABEL_KEYS.map((key, i) => [key, pending[i] ? storedCopy(key) : (data[i] ?? null)]),
      ) as BrandingValues,
    // Re-derive only when a value or its loading state changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(data), JSON.stringify(pending)],
  );

  const branding = useMemo<Branding>(
    () => ({
      values,
      appName: values.appName?.trim() || t('common.appName'),
      primaryColor: primaryColorOf(values, theme),
      logoUrl: brandingAssetUrl(
        theme === 'dark' ? (values.appLogoDark ?? values.appLogoLight) : values.appLogoLight,
      ),
      faviconUrl: brandingAssetUrl(values.appLogoFavicon),
      loginEnterImageUrl: brandingAssetUrl(values.loginEnterImage),
      loginRegisterImageUrl: brandingAssetUrl(values.loginRegisterImage),
    }),
    [values, theme, t],
  );

  useEffect(() => {
    applyPrimaryColor(document.documentElement, branding.primaryColor);
  }, [branding.primaryColor]);
  useEffect(() => {
    applyFavicon(document, branding.faviconUrl);
  }, [branding.faviconUrl]);
  useEffect(() => {
    document.title = branding.appName;
  }, [branding.appName]);
  const loaded = !pending.some(Boolean);
  useEffect(() => {
    if (!loaded) return;
    for (const key of BRANDING_STORAGE_KEYS) writeStorage(key, values[key]);
  }, [loaded, values]);

  return <BrandingContext.Provider value={branding}>{children}</BrandingContext.Provider>;
}

/** The platform's branding; outside the provider (component tests), the defaults. */
export function useBranding(): Branding {
  const { t } = useTranslation();
  const value = useContext(BrandingContext);
  if (value) return value;
  const none = Object.fromEntries(WHITELABEL_KEYS.map((k) => [k, null])) as BrandingValues;
  return {
    values: none,
    appName: t('common.appName'),
    primaryColor: primaryColorOf(none, 'light'),
    logoUrl: null,
    faviconUrl: null,
    loginEnterImageUrl: null,
    loginRegisterImageUrl: null,
  };
}
