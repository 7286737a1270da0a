import { canViewDashboard } from '@atendo/domain';
import { format, startOfMonth } from 'date-fns';
import { Filter } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { notify } from '@/lib/toast';
import { TicketsPerDayChart, TicketsPerUserChart } from './dashboard-charts';
import { AttendantsTable, DashboardCounters } from './dashboard-counters';

/** The dashboard's tabs (docs/product/dashboard-and-reports.md): indicators, NPS, attendants. */
const TABS = ['indicators', 'nps', 'attendants'] as const;
type Tab = (typeof TABS)[number];
import { useDashboard, useTicketsPerDay, useTicketsPerUser, type DashboardPeriod } from './queries';

const day = (d: Date) => format(d, 'yyyy-MM-dd');

/** / : the dashboard; a plain user without showDashboard gets the 403 page (docs/product/dashboard-and-reports.md). */
export function DashboardPage() {
  const user = useCurrentUser();
  if (!canViewDashboard(permissionUser(user))) return <ForbiddenPage />;
  return <Dashboard />;
}

function Dashboard() {
  const { t } = useTranslation();
  const today = new Date();
  const [period, setPeriod] = useState<DashboardPeriod>({
    from: day(startOfMonth(today)),
    to: day(today),
  });
  const [draft, setDraft] = useState(period);
  const [showFilter, setShowFilter] = useState(false);
  const [tab, setTab] = useState<Tab>('indicators');
  const dashboard = useDashboard(period);
  const perUser = useTicketsPerUser(period);
  const perDay = useTicketsPerDay(period);

  function apply(e: FormEvent) {
    e.preventDefault();
    // 'Parametrize o filtro' (docs/product/dashboard-and-reports.md): a period needs both days.
    if (!draft.from || !draft.to) {
      notify.error(
        t('backendErrors.ERR_DASHBOARD_FILTER_REQUIRED'),
        'ERR_DASHBOARD_FILTER_REQUIRED',
      );
      return;
    }
    setPeriod(draft);
  }

  return (
    <>
      <PageHeader title={t('dashboard.title')}>
        <Button
          variant="outline"
          onClick={() => setShowFilter((v) => !v)}
          aria-expanded={showFilter}
        >
          <Filter className="size-4" />
          {showFilter ? t('dashboard.hideFilter') : t('dashboard.showFilter')}
        </Button>
      </PageHeader>
      {showFilter && (
        <form
          onSubmit={apply}
          className="mb-6 flex flex-wrap items-end gap-4 rounded-lg border p-4"
        >
          <div className="grid gap-1">
            <Label htmlFor="dashboard-from">{t('dashboard.dateFrom')}</Label>
            <Input
              id="dashboard-from"
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="dashboard-to">{t('dashboard.dateTo')}</Label>
            <Input
              id="dashboard-to"
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            />
          </div>
          <Button type="submit">{t('dashboard.filter')}</Button>
        </form>
      )}
      {dashboard.isError && <p className="mb-4 text-destructive">{t('dashboard.loadError')}</p>}
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label={t('dashboard.title')} className="mb-4 flex-nowrap gap-2 pb-0">
          {TABS.map((name) => (
            <TabsTrigger
              key={name}
              value={name}
              className="-mb-px rounded-none border-b-2 border-transparent px-3 py-2 hover:text-foreground data-[state=active]:border-primary data-[state=active]:bg-transparent"
            >
              {t(`dashboard.tabs.${name}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {dashboard.data ? (
          <TabsContent value={tab} className="block space-y-6 pt-0">
            {tab !== 'attendants' && (
              <DashboardCounters counters={dashboard.data.counters} sections={tab} />
            )}
            {tab === 'attendants' && <AttendantsTable attendants={dashboard.data.attendants} />}
            <div className="grid gap-6 xl:grid-cols-2">
              {tab !== 'nps' && perUser.data && <TicketsPerUserChart data={perUser.data.data} />}
              {tab === 'indicators' && perDay.data && <TicketsPerDayChart series={perDay.data} />}
            </div>
          </TabsContent>
        ) : (
          !dashboard.isError && <p className="text-muted-foreground">{t('dashboard.loading')}</p>
        )}
      </Tabs>
    </>
  );
}
