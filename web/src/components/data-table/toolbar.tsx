import type { Table } from '@tanstack/react-table';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

/** A single-choice filter over one column, shown as a select. */
export interface DataTableFilter {
  columnId: string;
  title: string;
  options: { label: string; value: string }[];
}

/** The search box, the column filters and a reset when any of them is set. */
export function DataTableToolbar<TData>({
  table,
  searchPlaceholder,
  filters = [],
}: {
  table: Table<TData>;
  searchPlaceholder?: string;
  filters?: DataTableFilter[];
}) {
  const { t } = useTranslation();
  const search = String(table.getState().globalFilter ?? '');
  const filtered = search !== '' || table.getState().columnFilters.length > 0;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Input
        type="search"
        className="h-9 w-full sm:w-64"
        aria-label={t('table.search')}
        placeholder={searchPlaceholder ?? t('table.search')}
        value={search}
        onChange={(event) => table.setGlobalFilter(event.target.value)}
      />
      {filters.map((filter) => {
        const column = table.getColumn(filter.columnId);
        if (!column) return null;
        return (
          <div key={filter.columnId} className="w-44">
            <NativeSelect
              aria-label={filter.title}
              value={String(column.getFilterValue() ?? '')}
              onChange={(event) => column.setFilterValue(event.target.value || undefined)}
            >
              <option value="">{t('table.allOf', { title: filter.title })}</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        );
      })}
      {filtered ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            table.setGlobalFilter('');
            table.resetColumnFilters();
          }}
        >
          {t('table.reset')} <X aria-hidden />
        </Button>
      ) : null}
    </div>
  );
}
