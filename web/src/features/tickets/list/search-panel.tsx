import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { useConnections } from '@/features/connections/queries';
import { MultiSelect } from './multi-select';
import { useTagFilterOptions, useUserFilterOptions } from './queries';

/** The search tab's own filters. */
export interface SearchFilters {
  text: string;
  searchOnMessages: boolean;
  tags: number[];
  whatsappIds: number[];
  statusFilter: string[];
  userFilter: number[];
}

export const EMPTY_SEARCH: SearchFilters = {
  text: '',
  searchOnMessages: false,
  tags: [],
  whatsappIds: [],
  statusFilter: [],
  userFilter: [],
};

const STATUSES = ['open', 'pending', 'closed', 'group', 'lgpd', 'nps'] as const;

/**
 * Search tab (docs/product/tickets.md#the-tickets-screen): the text box (the list waits 500 ms after typing), the
 * search-inside-messages checkbox and the filter panel (tags with 2 chips, connections,
 * statuses, and users for admins only).
 */
export function SearchPanel({
  value,
  onChange,
  showUserFilter,
}: {
  value: SearchFilters;
  onChange: (next: SearchFilters) => void;
  showUserFilter: boolean;
}) {
  const { t } = useTranslation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const tags = useTagFilterOptions();
  const connections = useConnections();
  const users = useUserFilterOptions(showUserFilter && filtersOpen);
  const set = <K extends keyof SearchFilters>(key: K, v: SearchFilters[K]) =>
    onChange({ ...value, [key]: v });
  const more = (count: number) => t('tickets.list.search.more', { count });
  return (
    <div className="grid gap-2 border-b p-2">
      <div className="flex items-center gap-2">
        <Input
          type="search"
          aria-label={t('tickets.list.search.placeholder')}
          placeholder={t('tickets.list.search.placeholder')}
          value={value.text}
          onChange={(e) => set('text', e.target.value)}
        />
        <Button
          variant={filtersOpen ? 'secondary' : 'ghost'}
          size="icon"
          aria-label={t('tickets.list.search.filters')}
          aria-expanded={filtersOpen}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          <SlidersHorizontal />
        </Button>
      </div>
      <label className="flex items-center gap-2 text-xs">
        <Checkbox
          checked={value.searchOnMessages}
          onChange={(e) => set('searchOnMessages', e.target.checked)}
        />
        {t('tickets.list.search.inMessages')}
      </label>
      {filtersOpen && (
        <div className="flex flex-wrap gap-2">
          <MultiSelect
            label={t('tickets.list.search.tags')}
            options={(tags.data ?? []).map((tag) => ({
              id: tag.id,
              name: tag.name,
              color: tag.color,
            }))}
            selected={value.tags}
            onChange={(ids) => set('tags', ids)}
            more={more}
          />
          <MultiSelect
            label={t('tickets.list.search.connections')}
            options={(connections.data ?? []).map((w) => ({ id: w.id, name: w.name }))}
            selected={value.whatsappIds}
            onChange={(ids) => set('whatsappIds', ids)}
            more={more}
          />
          <MultiSelect
            label={t('tickets.list.search.status')}
            options={STATUSES.map((s) => ({ id: s, name: t(`tickets.list.status.${s}`) }))}
            selected={value.statusFilter}
            onChange={(ids) => set('statusFilter', ids)}
            more={more}
          />
          {showUserFilter && (
            <MultiSelect
              label={t('tickets.list.search.users')}
              options={(users.data ?? []).map((u) => ({ id: u.id, name: u.name }))}
              selected={value.userFilter}
              onChange={(ids) => set('userFilter', ids)}
              more={more}
            />
          )}
        </div>
      )}
    </div>
  );
}
