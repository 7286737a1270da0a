import { canAdministrate } from '@atendo/domain';
import { Menu, PanelLeft, RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ThemeToggle } from '@/components/theme-toggle';
import { AnnouncementsPopover } from '@/features/announcements/announcements-popover';
import { NotificationsPopover } from '@/features/notifications/notifications-popover';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { formatDueDate, subscriptionWarningDays } from '@/lib/subscription';
import { ChatsPopover } from './chats-popover';
import { UserMenu } from './user-menu';
import { VolumePopover } from './volume-popover';

/**
 * The top bar: the drawer's button (collapse/expand the rail, or open the sheet below `md`),
 * welcome, company and due date for admins, the warning, and the tools.
 */
export function TopBar({
  narrow = false,
  collapsed,
  onToggleDrawer,
}: {
  narrow?: boolean;
  collapsed: boolean;
  onToggleDrawer: () => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const dueDate = user.company?.dueDate;
  const warningDays = subscriptionWarningDays(dueDate);
  const admin = canAdministrate(permissionUser(user));

  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b bg-background px-3">
      <Button
        variant="ghost"
        size="icon"
        onClick={onToggleDrawer}
        aria-label={
          narrow ? t('shell.openMenu') : collapsed ? t('shell.expand') : t('shell.collapse')
        }
        aria-expanded={!collapsed}
        aria-haspopup={narrow ? 'dialog' : undefined}
      >
        {narrow ? <Menu /> : <PanelLeft />}
      </Button>
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="truncate max-md:hidden">{t('shell.welcome', { name: user.name })}</span>
        {admin && user.company ? (
          <span className="truncate text-muted-foreground max-md:hidden" data-testid="company-info">
            <strong className="font-semibold text-foreground">{user.company.name}</strong>
            {dueDate ? ` · ${t('shell.activeUntil', { date: formatDueDate(dueDate) })}` : null}
          </span>
        ) : null}
        {warningDays !== null ? (
          <Badge variant="warning" role="status">
            <TriangleAlert className="size-3" aria-hidden />
            {warningDays === 0
              ? t('session.warningToday')
              : t('session.warning', { count: warningDays })}
          </Badge>
        ) : null}
      </div>
      <div className="flex items-center gap-0.5">
        <ThemeToggle />
        <VolumePopover />
        <Button
          variant="ghost"
          size="icon"
          onClick={() => window.location.reload()}
          aria-label={t('shell.refresh')}
          title={t('shell.refresh')}
        >
          <RefreshCw />
        </Button>
        <NotificationsPopover />
        <AnnouncementsPopover />
        <ChatsPopover />
        <UserMenu />
      </div>
    </header>
  );
}
