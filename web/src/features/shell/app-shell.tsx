import { Suspense, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { isSubscriptionExpired } from '@/lib/subscription';
import { AppDrawer } from './app-drawer';
import { DrawerSheet } from './drawer-sheet';
import { useShellChatsRealtime } from './shell-indicators';
import { SHELL_SOCKET_BINDINGS } from './socket-bindings';
import { TicketAlerts } from '@/features/tickets/ticket-alerts';
import { TopBar } from './top-bar';
import { useNarrowScreen } from './use-narrow-screen';

/**
 * The logged-in layout: drawer, top bar and the page (a spinner in the page area while a page's
 * code loads). Below `md` the drawer opens as a sheet from the top bar's menu button. An expired
 * company goes to /financeiro-aberto.
 */
export function AppShell() {
  const user = useCurrentUser();
  const [collapsed, setCollapsed] = useState(user.defaultMenu === 'closed');
  // Below `md` the drawer is a sheet the top bar's menu button opens, not a rail.
  const narrow = useNarrowScreen();
  const [sheetOpen, setSheetOpen] = useState(false);
  useSocketCache(SHELL_SOCKET_BINDINGS);
  useShellChatsRealtime();
  if (isSubscriptionExpired(user.company?.dueDate))
    return <Navigate to="/financeiro-aberto" replace />;

  return (
    <TooltipProvider delayDuration={300}>
      <div className="flex h-svh overflow-hidden">
        <TicketAlerts />
        {narrow ? (
          <DrawerSheet open={sheetOpen} onOpenChange={setSheetOpen} />
        ) : (
          <AppDrawer collapsed={collapsed} />
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar
            narrow={narrow}
            collapsed={narrow ? !sheetOpen : collapsed}
            onToggleDrawer={() => (narrow ? setSheetOpen((o) => !o) : setCollapsed((c) => !c))}
          />
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
