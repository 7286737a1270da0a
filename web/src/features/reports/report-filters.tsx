import { TICKET_STATUSES, type TicketStatus } from '@atendo/domain';
import { format, startOfMonth } from 'date-fns';
import { Download, Filter } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useConnections } from '@/features/connections/queries';
import { MultiSelect } from '@/features/tickets/list/multi-select';
import { useQueueOptions, useUserFilterOptions } from '@/features/tickets/list/queries';
import { ContactPicker, type PickedContact } from './contact-picker';
import type { ReportFilters } from './queries';

const day = (d: Date) => format(d, 'yyyy-MM-dd');

/** The first of this month to today (docs/product/dashboard-and-reports.md). */
export function defaultReportFilters(today = new Date()): ReportFilters {
  return {
    searchParam: '',
    contactId: null,
    whatsappIds: [],
    users: [],
    queueIds: [],
    statuses: [],
    dateFrom: day(startOfMonth(today)),
    dateTo: day(today),
    onlyRated: false,
  };
}

/**
 * The report's filters. They are edited as a draft: 'Filtrar' applies them (docs/product/dashboard-and-reports.md: a
 * filter triggers a load), and the export runs over the applied ones.
 */
export function ReportFiltersPanel({
  initial,
  onApply,
  onExport,
  exporting,
}: {
  initial: ReportFilters;
  onApply: (filters: ReportFilters) => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [contact, setContact] = useState<PickedContact | null>(null);
  const connections = useConnections();
  const users = useUserFilterOptions(true);
  const queues = useQueueOptions();
  const set = <K extends keyof ReportFilters>(key: K, value: ReportFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const more = (count: number) => t('reports.filters.more', { count });

  function apply(e: FormEvent) {
    e.preventDefault();
    onApply({ ...draft, contactId: contact?.id ?? null });
  }

  return (
    <form
      onSubmit={apply}
      aria-label={t('reports.filters.filter')}
      className="mb-4 grid gap-3 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className="grid gap-1">
        <Label htmlFor="report-search">{t('reports.filters.search')}</Label>
        <Input
          id="report-search"
          type="search"
          placeholder={t('reports.filters.searchPlaceholder')}
          value={draft.searchParam}
          onChange={(e) => set('searchParam', e.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <span className="text-sm font-medium">{t('reports.filters.contact')}</span>
        <ContactPicker value={contact} onChange={setContact} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="report-from">{t('reports.filters.dateFrom')}</Label>
        <Input
          id="report-from"
          type="date"
          value={draft.dateFrom}
          max={draft.dateTo || undefined}
          onChange={(e) => set('dateFrom', e.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="report-to">{t('reports.filters.dateTo')}</Label>
        <Input
          id="report-to"
          type="date"
          value={draft.dateTo}
          min={draft.dateFrom || undefined}
          onChange={(e) => set('dateTo', e.target.value)}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-4">
        <MultiSelect
          label={t('reports.filters.connections')}
          options={(connections.data ?? []).map((w) => ({ id: w.id, name: w.name }))}
          selected={draft.whatsappIds}
          onChange={(ids) => set('whatsappIds', ids)}
          more={more}
        />
        <MultiSelect
          label={t('reports.filters.users')}
          options={(users.data ?? []).map((u) => ({ id: u.id, name: u.name }))}
          selected={draft.users}
          onChange={(ids) => set('users', ids)}
          more={more}
        />
        <MultiSelect
          label={t('reports.filters.queues')}
          options={(queues.data ?? []).map((q) => ({ id: q.id, name: q.name, color: q.color }))}
          selected={draft.queueIds}
          onChange={(ids) => set('queueIds', ids)}
          more={more}
        />
        <MultiSelect<TicketStatus>
          label={t('reports.filters.statuses')}
          options={TICKET_STATUSES.map((s) => ({ id: s, name: t(`reports.status.${s}`) }))}
          selected={draft.statuses}
          onChange={(ids) => set('statuses', ids)}
          more={more}
        />
        <label className="flex items-center gap-2 text-sm">
          <Checkbox
            checked={draft.onlyRated}
            onChange={(e) => set('onlyRated', e.target.checked)}
          />
          {t('reports.filters.onlyRated')}
        </label>
        <div className="ml-auto flex gap-2">
          <Button type="button" variant="outline" onClick={onExport} disabled={exporting}>
            <Download className="size-4" />
            {exporting ? t('reports.filters.exporting') : t('reports.filters.export')}
          </Button>
          <Button type="submit">
            <Filter className="size-4" />
            {t('reports.filters.filter')}
          </Button>
        </div>
      </div>
    </form>
  );
}
