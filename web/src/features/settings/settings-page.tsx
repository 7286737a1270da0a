import { isAdministrator, isSuper } from '@atendo/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { EXTRA_SETTINGS_TABS } from './extra-tabs';
import { OptionsTab } from './options-tab';
import { ProxyTab } from './proxy-tab';
import { useScheduleType } from './queries';
import { settingSocketBinding } from './realtime';
import { SchedulesTab } from './schedules-tab';

const BINDINGS = [settingSocketBinding] as const;

/** /settings (docs/product/settings.md Settings page): admins only; plain users see the no-permission view. */
export function SettingsPage() {
  const user = permissionUser(useCurrentUser());
  if (!isAdministrator(user)) return <ForbiddenPage />;
  return <SettingsTabs />;
}

/**
 * The tabs: options, schedules (only while scheduleType is company), proxy, then the tabs other
 * features register (super-only ones for super admins). The open tab lives in `?tab=`; an
 * unknown or unavailable one opens options.
 */
function SettingsTabs() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const superAdmin = isSuper(permissionUser(user));
  useSocketCache(BINDINGS);
  const scheduleType = useScheduleType();
  const [params, setParams] = useSearchParams();

  const extras = EXTRA_SETTINGS_TABS.filter((tab) => superAdmin || !tab.superOnly);
  const tabs = [
    { value: 'options', label: t('settingsPage.tabs.options') },
    ...(scheduleType === 'company'
      ? [{ value: 'schedules', label: t('settingsPage.tabs.schedules') }]
      : []),
    { value: 'proxy', label: t('settingsPage.tabs.proxy') },
    ...extras.map((tab) => ({ value: tab.value, label: t(tab.labelKey as never) })),
  ];
  const asked = params.get('tab');
  const current = tabs.some((tab) => tab.value === asked) ? asked! : 'options';
  const open = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'options') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="flex h-full flex-col overflow-auto p-6">
      <PageHeader title={t('settingsPage.title')} />
      <Tabs value={current} onValueChange={open}>
        <TabsList aria-label={t('settingsPage.title')}>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* Only the open tab mounts: each reads its own data. */}
        <TabsContent value={current} className="pt-4">
          {current === 'options' ? (
            <OptionsTab isSuper={superAdmin} />
          ) : current === 'schedules' ? (
            <SchedulesTab companyId={user.companyId} />
          ) : current === 'proxy' ? (
            <ProxyTab />
          ) : (
            extras.find((tab) => tab.value === current)?.render()
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
