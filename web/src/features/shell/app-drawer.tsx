import { DRAWER_ROUTES, drawerItemsFor, type DrawerItem } from '@atendo/domain';
import { ChevronDown, TriangleAlert } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useBranding } from '@/features/whitelabel/branding-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { cn } from '@/lib/utils';
import { CAMPAIGNS_ICON, DRAWER_ICONS } from './drawer-icons';
import { drawerSections, sectionItems } from './drawer-sections';
import { useBackendVersion } from './queries';
import { useConnectionWarning, useShellChats } from './shell-indicators';
import { useCompany } from './use-company';

/** A mark on a drawer entry: connections needing attention, or unread internal chats. */
type Indicator = 'warning' | 'unread';

/** What each entry's mark means, for its accessible name and tooltip. */
const INDICATOR_HINT = {
  warning: 'shell.connectionWarning',
  unread: 'shell.unreadChats',
} as const;

function IndicatorMark({ indicator, collapsed }: { indicator: Indicator; collapsed: boolean }) {
  const warning = indicator === 'warning';
  if (warning && !collapsed)
    return (
      <TriangleAlert
        data-testid="drawer-warning"
        className="ml-auto size-4 shrink-0 text-warning"
        aria-hidden
      />
    );
  return (
    <span
      data-testid={warning ? 'drawer-warning' : 'drawer-unread'}
      aria-hidden
      className={cn(
        'size-2 shrink-0 rounded-full',
        warning ? 'bg-warning' : 'bg-destructive',
        collapsed ? 'absolute top-1.5 right-2.5' : 'ml-auto',
      )}
    />
  );
}

function DrawerLink({
  item,
  collapsed,
  nested = false,
  indicator = null,
}: {
  item: DrawerItem;
  collapsed: boolean;
  nested?: boolean;
  indicator?: Indicator | null;
}) {
  const { t } = useTranslation();
  const name = t(`drawer.${item}`);
  const label = indicator ? `${name} (${t(INDICATOR_HINT[indicator])})` : name;
  const Icon = DRAWER_ICONS[item];
  const link = (
    <NavLink
      to={DRAWER_ROUTES[item]}
      end
      aria-label={label}
      className={({ isActive }) =>
        cn(
          'relative flex h-9 items-center gap-3 rounded-md px-3 text-sm text-sidebar-foreground/80 transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
          isActive && 'bg-sidebar-accent font-medium text-primary',
          nested && !collapsed && 'pl-9',
          collapsed && 'justify-center px-0',
        )
      }
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {collapsed ? null : <span className="truncate">{name}</span>}
      {indicator ? <IndicatorMark indicator={indicator} collapsed={collapsed} /> : null}
    </NavLink>
  );
  if (!collapsed) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

function CampaignsSubmenu({ items, collapsed }: { items: DrawerItem[]; collapsed: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  if (collapsed) return items.map((item) => <DrawerLink key={item} item={item} collapsed />);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen}>
      <Collapsible.Trigger className="flex h-9 w-full items-center gap-3 rounded-md px-3 text-sm text-sidebar-foreground/80 hover:bg-sidebar-accent">
        <CAMPAIGNS_ICON className="size-4 shrink-0" aria-hidden />
        <span className="flex-1 truncate text-left">{t('shell.campaigns')}</span>
        <ChevronDown
          className={cn('size-4 transition-transform', open && 'rotate-180')}
          aria-hidden
        />
      </Collapsible.Trigger>
      <Collapsible.Content className="grid gap-0.5">
        {items.map((item) => (
          <DrawerLink key={item} item={item} collapsed={false} nested />
        ))}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function DrawerSkeleton() {
  return (
    <div className="grid gap-2 p-1" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="h-7 animate-pulse rounded-md bg-sidebar-accent" />
      ))}
    </div>
  );
}

/**
 * The collapsible left drawer: the entries the permissions module allows, under their headings.
 * In the phone layout it fills the sheet the top bar opens (`sheet`), which `onNavigate` closes
 * when a link is followed.
 */
export function AppDrawer({
  collapsed,
  sheet = false,
  onNavigate,
}: {
  collapsed: boolean;
  sheet?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { plan, hasHelps, loaded } = useCompany();
  const { data: version } = useBackendVersion();
  const { appName, logoUrl, faviconUrl } = useBranding();

  const sections = useMemo(
    () => drawerSections(drawerItemsFor(permissionUser(user), { plan, hasHelps })),
    [user, plan, hasHelps],
  );
  const hasConnections = useMemo(
    () => loaded && sectionItems(sections).includes('connections'),
    [loaded, sections],
  );
  const connectionWarning = useConnectionWarning(hasConnections);
  const chats = useShellChats();
  const indicatorOf = (item: DrawerItem): Indicator | null =>
    item === 'connections' && connectionWarning
      ? 'warning'
      : item === 'chats' && chats.unreads > 0
        ? 'unread'
        : null;

  return (
    <aside
      className={cn(
        'flex shrink-0 flex-col bg-sidebar text-sidebar-foreground',
        sheet ? 'h-full w-full' : 'h-svh border-r border-sidebar-border transition-[width]',
        !sheet && (collapsed ? 'w-14' : 'w-64'),
      )}
      data-collapsed={collapsed}
    >
      <div
        className={cn(
          'flex h-14 items-center border-b border-sidebar-border px-4 text-lg font-bold text-primary',
          collapsed && 'justify-center px-0',
        )}
      >
        {/* The platform's logo (favicon when collapsed), else its name (its initial). */}
        {collapsed && faviconUrl ? (
          <img src={faviconUrl} alt={appName} className="size-8 object-contain" />
        ) : !collapsed && logoUrl ? (
          <img src={logoUrl} alt={appName} className="max-h-10 max-w-full object-contain" />
        ) : collapsed ? (
          appName.slice(0, 1)
        ) : (
          appName
        )}
      </div>
      <nav
        aria-label={t('shell.drawer')}
        aria-busy={!loaded}
        className="flex-1 overflow-y-auto p-2"
        onClick={
          onNavigate
            ? (event) => {
                if ((event.target as Element).closest('a')) onNavigate();
              }
            : undefined
        }
      >
        {/* The entries wait for the plan, so plan-gated links never flicker in. */}
        {!loaded ? <DrawerSkeleton /> : null}
        {(loaded ? sections : []).map((section) => (
          <div key={section.id} className="mb-2 grid gap-0.5">
            {section.id !== 'main' && !collapsed ? (
              <h2 className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {t(section.id === 'management' ? 'shell.management' : 'shell.administration')}
              </h2>
            ) : null}
            {section.id !== 'main' && collapsed ? (
              <div className="mx-2 my-1 h-px bg-sidebar-border" aria-hidden />
            ) : null}
            {section.entries.map((entry) =>
              entry.kind === 'link' ? (
                <DrawerLink
                  key={entry.item}
                  item={entry.item}
                  collapsed={collapsed}
                  indicator={indicatorOf(entry.item)}
                />
              ) : (
                <CampaignsSubmenu key={entry.id} items={entry.items} collapsed={collapsed} />
              ),
            )}
          </div>
        ))}
      </nav>
      {!collapsed && version ? (
        <p
          className="border-t border-sidebar-border px-4 py-2 text-xs text-muted-foreground"
          data-testid="backend-version"
        >
          {t('shell.version', { version })}
        </p>
      ) : null}
    </aside>
  );
}
