import { flexRender, type RowData, type Table as TanstackTable } from '@tanstack/react-table';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStatusRow } from '@/components/list-status-row';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

declare module '@tanstack/react-table' {
  // Presentation a column definition carries for DataTable.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merged declarations keep the library's type parameters
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the column's header cell (width, alignment). */
    headClassName?: string;
    /** Classes of each of the column's body cells, fixed or from the row. */
    cellClassName?: string | ((row: TData) => string);
    /** A body cell's tooltip, from the row (e.g. a truncated text in full). */
    cellTitle?: (row: TData) => string;
    /** Classes of the column's footer cell (see the column's `footer`). */
    footClassName?: string;
  }
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** Attributes of a body row, from its data: an accessible name, `data-*` ids for tests. */
export type DataTableRowProps = ComponentProps<'tr'> & {
  [data: `data-${string}`]: string | number | undefined;
};

/**
 * The list's one full-width status row, after the rows: loading while `pending` (a first load or
 * the next page of an infinite list), the empty text when there are no rows.
 */
export interface DataTableStatus {
  pending: boolean;
  loadingText: string;
  emptyText: string;
  /** While pending, this many placeholder rows instead of the loading text (hidden from readers). */
  skeletonRows?: number;
}

/**
 * The rows of a table built with useDataTable or useListTable, with a loading and an empty state.
 * When a column defines a `footer` (e.g. a total over the rows), a footer row follows the rows;
 * it sums up rows on screen, so it is left out while there are none or the status row is loading.
 */
export function DataTable<TData>({
  table,
  label,
  isLoading,
  emptyText,
  status,
  rowProps,
}: {
  table: TanstackTable<TData>;
  /** The table's accessible name. */
  label: string;
  /** Marks the table busy; without `status` it also picks the loading over the empty text. */
  isLoading?: boolean;
  emptyText?: string;
  /** An admin list's status row (see DataTableStatus), in place of isLoading and emptyText. */
  status?: DataTableStatus;
  rowProps?: (row: TData) => DataTableRowProps;
}) {
  const { t } = useTranslation();
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const hasFooter = table.getVisibleLeafColumns().some((c) => c.columnDef.footer !== undefined);
  const showFooter = hasFooter && rows.length > 0 && !status?.pending;

  return (
    <Table aria-label={label} aria-busy={status ? isLoading : (isLoading ?? false)}>
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              return (
                <TableHead
                  key={header.id}
                  colSpan={header.colSpan}
                  className={header.column.columnDef.meta?.headClassName}
                  aria-sort={
                    header.column.getCanSort() ? (sorted ? ARIA_SORT[sorted] : 'none') : undefined
                  }
                >
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext())}
                </TableHead>
              );
            })}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} {...rowProps?.(row.original)}>
            {row.getVisibleCells().map((cell) => {
              const meta = cell.column.columnDef.meta;
              const className =
                typeof meta?.cellClassName === 'function'
                  ? meta.cellClassName(row.original)
                  : meta?.cellClassName;
              return (
                <TableCell
                  key={cell.id}
                  className={className}
                  title={meta?.cellTitle?.(row.original) || undefined}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
        {status?.skeletonRows && status.pending ? (
          Array.from({ length: status.skeletonRows }, (_, i) => (
            <TableRow key={`skeleton-${i}`} data-testid="skeleton-row" aria-hidden>
              {Array.from({ length: columnCount }, (_, cell) => (
                <TableCell key={cell}>
                  <div className="h-5 animate-pulse rounded bg-muted" />
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : status ? (
          <ListStatusRow
            colSpan={columnCount}
            pending={status.pending}
            empty={rows.length === 0}
            loadingText={status.loadingText}
            emptyText={status.emptyText}
          />
        ) : rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={columnCount} className="h-24 text-center text-muted-foreground">
              {isLoading ? t('common.loading') : (emptyText ?? t('table.noResults'))}
            </TableCell>
          </TableRow>
        ) : null}
      </TableBody>
      {showFooter ? (
        <tfoot className="border-t font-semibold">
          {table.getFooterGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => (
                <TableCell
                  key={header.id}
                  colSpan={header.colSpan}
                  className={header.column.columnDef.meta?.footClassName}
                >
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.footer, header.getContext())}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </tfoot>
      ) : null}
    </Table>
  );
}
