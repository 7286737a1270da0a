import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { Toaster } from '@/components/ui/sonner';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { i18n } from '@/lib/i18n';
import { PublicSettingsProvider } from '@/lib/public-settings';
import { queryClient } from '@/lib/query-client';
import { RealtimeProvider } from '@/lib/realtime/realtime-provider';
import { ThemeProvider } from '@/lib/theme-provider';
import { AppRoutes } from './routes';
import { BrandingProvider } from './features/whitelabel/branding-provider';

/** The console: server cache, theme, language, public settings (read before any route), session, socket, routes. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <I18nextProvider i18n={i18n}>
          <PublicSettingsProvider fallback={<PageLoader />}>
            <BrandingProvider>
              <AuthProvider>
                <RealtimeProvider>
                  <BrowserRouter>
                    <AppRoutes />
                  </BrowserRouter>
                </RealtimeProvider>
              </AuthProvider>
            </BrandingProvider>
          </PublicSettingsProvider>
          <Toaster />
        </I18nextProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
