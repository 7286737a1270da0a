import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Table,
} from '@tanstack/react-table';
import { useEffect } from 'react';
import { useTableUrlState, type TableUrlStateOptions } from './use-table-url-state';

interface DataTableOptions<TData> extends TableUrlStateOptions {
  data: TData[];
  columns: ColumnDef<TData, unknown>[];
  /**
   * Rows matching on the server when it pages, searches and sorts (`data` is then one page);
   * omitted, the table does all of it over `data` in the browser.
   */
  rowCount?: number;
  getRowId?: (row: TData) => string;
}

/** A table whose page, search, filters and sort live in the URL (see useTableUrlState). */
export function useDataTable<TData>({
  data,
  columns,
  rowCount,
  getRowId,
  ...urlOptions
}: DataTableOptions<TData>): Table<TData> {
  const { ensurePageInRange, ...state } = useTableUrlState(urlOptions);
  const manual = rowCount !== undefined;
  const table = useReactTable({
    data,
    columns,
    getRowId,
    rowCount,
    state: {
      pagination: state.pagination,
      globalFilter: state.globalFilter,
      columnFilters: state.columnFilters,
      sorting: state.sorting,
    },
    onPaginationChange: state.onPaginationChange,
    onGlobalFilterChange: state.onGlobalFilterChange,
    onColumnFiltersChange: state.onColumnFiltersChange,
    onSortingChange: state.onSortingChange,
    manualPagination: manual,
    manualFiltering: manual,
    manualSorting: manual,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: manual ? undefined : getFilteredRowModel(),
    getSortedRowModel: manual ? undefined : getSortedRowModel(),
    getPaginationRowModel: manual ? undefined : getPaginationRowModel(),
  });

  const pageCount = table.getPageCount();
  useEffect(() => ensurePageInRange(pageCount), [ensurePageInRange, pageCount]);
  return table;
}
