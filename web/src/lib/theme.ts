export type Theme = 'light' | 'dark';

/** The starting theme: the saved preference, else the operating system's (docs/product/overview.md#console-routes-and-shell "Theme"). */
export function initialTheme(saved: string | null, prefersDark: boolean): Theme {
  if (saved === 'light' || saved === 'dark') return saved;
  return prefersDark ? 'dark' : 'light';
}

/** The other theme. */
export function otherTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}
