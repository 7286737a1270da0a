/** The browser-local keys the console keeps (docs/product/overview.md#console-routes-and-shell "Stored locally", docs/product/connections.md#limits-and-defaults). */
export const STORAGE_KEYS = {
  token: 'token',
  companyDueDate: 'companyDueDate',
  profileImage: 'profileImage',
  preferredTheme: 'preferredTheme',
  volume: 'volume',
  language: 'i18nextLng',
  version: 'frontendVersion',
  primaryColorLight: 'primaryColorLight',
  primaryColorDark: 'primaryColorDark',
  appName: 'appName',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Reads a key; null when absent or when storage is unavailable. */
export function readStorage(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a key, or removes it when `value` is null or undefined. */
export function writeStorage(key: StorageKey, value: string | null | undefined): void {
  try {
    if (value === null || value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Private mode or a full quota: the console still works for this page view.
  }
}
