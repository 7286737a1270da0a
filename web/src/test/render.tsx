import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { createI18n } from '@/lib/i18n';
import { PublicSettingsProvider } from '@/lib/public-settings';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme-provider';

/** Shows the router's current path and query, so a test can read what a click did to the URL. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output aria-label="location" data-pathname={location.pathname}>
      {location.pathname}
      {location.search}
    </output>
  );
}

/** A fresh cache per test, without retries, so a failing read fails at once. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  return client;
}

interface Options {
  /** The URL the router starts at. */
  route?: string;
  /** Wraps in the session and public-settings providers (as the app does). */
  session?: boolean;
  client?: QueryClient;
}

/** Renders like the app: cache, theme, Portuguese texts, router at `route`, and optionally the session. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const client = options.client ?? testQueryClient();
  const wrap = (children: ReactNode) =>
    options.session ? (
      <PublicSettingsProvider>
        <AuthProvider>{children}</AuthProvider>
      </PublicSettingsProvider>
    ) : (
      children
    );
  const result = render(
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <I18nextProvider i18n={createI18n('pt-BR')}>
          <MemoryRouter initialEntries={[options.route ?? '/']}>
            {wrap(ui)}
            <LocationProbe />
          </MemoryRouter>
        </I18nextProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
