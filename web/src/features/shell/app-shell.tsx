import { Suspense, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { isSubscriptionExpired } from '@/lib/subscription';
import { AppDrawer } from './app-drawer';
import { useShellChatsRealtime } from './shell-indicators';
import { SHELL_SOCKET_BINDINGS } from './socket-bindings';
import { TicketAlerts } from '@/features/tickets/ticket-alerts';
import { TopBar } from './top-bar';

/**
 * The logged-in layout: drawer, top bar and the page (a spinner in the page area while a page's
 * code loads). An expired company goes to /financeiro-aberto.
 */
export function AppShell() {
  const user = useCurrentUser();
  const [collapsed, setCollapsed] = useState(user.defaultMenu === 'closed');
  useSocketCache(SHELL_SOCKET_BINDINGS);
  useShellChatsRealtime();
  if (isSubscriptionExpired(user.company?.dueDate))
    return <Navigate to="/financeiro-aberto" replace />;

  return (
    <TooltipProvider delayDuration={300}>
      <div className="flex h-svh overflow-hidden">
        <TicketAlerts />
        <AppDrawer collapsed={collapsed} />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar collapsed={collapsed} onToggleDrawer={() => setCollapsed((c) => !c)} />
          <main className="flex-1 overflow-y-auto p-6">
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
