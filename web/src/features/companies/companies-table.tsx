import type { CompanyView } from '@atendo/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  DataTableColumnHeader,
  DataTablePagination,
  DataTableToolbar,
  useDataTable,
} from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { DUE_TONE_CLASS, dueTone } from './company-due';
import { formatBRL, formatBytes, formatDate, formatDateTime, formatDay } from './company-format';

type Row = CompanyView;

/** Every header and cell on one line: the table scrolls sideways rather than wrap a date. */
const noWrap = (columns: ColumnDef<Row, unknown>[]) =>
  columns.map((column) => ({
    ...column,
    meta: { headClassName: 'whitespace-nowrap', cellClassName: 'whitespace-nowrap' },
  }));

/**
 * The companies table (docs/product/companies-plans-billing.md Companies page): every column of the spec, search, sort and
 * paging in the URL, rows tinted by due date (yellow in 1 to 5 days, red today or past) and a
 * click (or the row's edit button) loading the company into the form.
 */
export function CompaniesTable({
  companies,
  isLoading,
  selectedId,
  onSelect,
}: {
  companies: CompanyView[];
  isLoading: boolean;
  selectedId: number | null;
  onSelect: (company: CompanyView) => void;
}) {
  const { t, i18n } = useTranslation();
  // The tint is read against the viewer's today each render (a clock mocked in tests).
  const now = new Date();
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () =>
      noWrap([
        {
          accessorKey: 'id',
          header: ({ column }) => (
            <DataTableColumnHeader column={column} title={t('companies.id')} />
          ),
        },
        {
          id: 'status',
          accessorFn: (c) => (c.status ? t('companies.yes') : t('companies.no')),
          header: t('companies.status'),
          enableSorting: false,
        },
        {
          accessorKey: 'name',
          header: ({ column }) => (
            <DataTableColumnHeader column={column} title={t('companies.name')} />
          ),
        },
        {
          id: 'email',
          accessorFn: (c) => c.email ?? '',
          header: ({ column }) => (
            <DataTableColumnHeader column={column} title={t('companies.email')} />
          ),
        },
        {
          id: 'plan',
          accessorFn: (c) => c.plan?.name ?? '',
          header: ({ column }) => (
            <DataTableColumnHeader column={column} title={t('companies.plan')} />
          ),
        },
        {
          id: 'value',
          accessorFn: (c) => Number(c.plan?.amount ?? 0),
          header: t('companies.value'),
          cell: ({ row }) => formatBRL(row.original.plan?.amount),
          enableGlobalFilter: false,
        },
        {
          id: 'createdAt',
          accessorFn: (c) => (c.createdAt ? new Date(c.createdAt).getTime() : 0),
          header: ({ column }) => (
            <DataTableColumnHeader column={column} title={t('companies.createdAt')} />
          ),
          cell: ({ row }) => formatDate(row.original.createdAt),
          enableGlobalFilter: false,
        },
        {
          id: 'dueDate',
          accessorFn: (c) => c.dueDate ?? '',
          header: ({ column }) => (
            <DataTableColumnHeader column={column} title={t('companies.dueDate')} />
          ),
          cell: ({ row }) => {
            const c = row.original;
            if (!c.dueDate) return '—';
            const recurrence = c.recurrence
              ? t(`companies.recurrences.${c.recurrence}`, { defaultValue: c.recurrence })
              : '';
            return `${formatDay(c.dueDate)}${recurrence ? ` (${recurrence})` : ''}`;
          },
          enableGlobalFilter: false,
        },
        {
          id: 'lastLogin',
          accessorFn: (c) => (c.lastLogin ? new Date(c.lastLogin).getTime() : 0),
          header: ({ column }) => (
            <DataTableColumnHeader column={column} title={t('companies.lastLogin')} />
          ),
          cell: ({ row }) => formatDateTime(row.original.lastLogin),
          enableGlobalFilter: false,
        },
        {
          id: 'folderSize',
          accessorFn: (c) => Number(c.folderSize ?? 0),
          header: ({ column }) => (
            <DataTableColumnHeader column={column} title={t('companies.folderSize')} />
          ),
          cell: ({ row }) => formatBytes(row.original.folderSize, i18n.language),
          enableGlobalFilter: false,
        },
        {
          id: 'numberFileFolder',
          accessorFn: (c) => Number(c.numberFileFolder ?? 0),
          header: ({ column }) => (
            <DataTableColumnHeader column={column} title={t('companies.files')} />
          ),
          cell: ({ row }) => row.original.numberFileFolder ?? '—',
          enableGlobalFilter: false,
        },
        {
          id: 'updatedAtFolder',
          accessorFn: (c) => (c.updatedAtFolder ? new Date(c.updatedAtFolder).getTime() : 0),
          header: t('companies.folderUpdatedAt'),
          cell: ({ row }) => formatDateTime(row.original.updatedAtFolder),
          enableSorting: false,
          enableGlobalFilter: false,
        },
        {
          id: 'actions',
          header: () => <span className="sr-only">{t('companies.actions')}</span>,
          cell: ({ row }) => (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('companies.editRow', { name: row.original.name })}
              onClick={(e) => {
                e.stopPropagation();
                onSelect(row.original);
              }}
            >
              <Pencil />
            </Button>
          ),
          enableSorting: false,
          enableGlobalFilter: false,
        },
      ]),
    [t, i18n.language, onSelect],
  );
  const table = useDataTable({ data: companies, columns, getRowId: (c) => String(c.id) });

  return (
    <div className="grid gap-3">
      <DataTableToolbar table={table} searchPlaceholder={t('companies.search')} />
      <div className="overflow-x-auto rounded-md border">
        <DataTable
          table={table}
          label={t('companies.title')}
          isLoading={isLoading}
          rowProps={(company) => {
            const tone = dueTone(company.dueDate, now);
            return {
              'data-due': tone,
              'aria-selected': company.id === selectedId,
              // An outline marks the selected row so its due-date tint stays visible.
              className: cn(
                'cursor-pointer',
                DUE_TONE_CLASS[tone],
                company.id === selectedId && 'outline-2 -outline-offset-2 outline-primary',
              ),
              onClick: () => onSelect(company),
            };
          }}
        />
      </div>
      <DataTablePagination table={table} />
    </div>
  );
}
