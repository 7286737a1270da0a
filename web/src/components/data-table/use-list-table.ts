import { getCoreRowModel, useReactTable, type ColumnDef, type Table } from '@tanstack/react-table';

/**
 * A DataTable model for an admin list that shows every row it has loaded, in the server's order
 * (no pages, search or sort in the browser): a plain list or an infinitely scrolling one.
 */
export function useListTable<TData>({
  data,
  columns,
  getRowId,
}: {
  data: TData[];
  columns: ColumnDef<TData, unknown>[];
  getRowId?: (row: TData) => string;
}): Table<TData> {
  return useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    // Nothing here pages or expands; left on, the reset a new `data` array queues would re-render
    // a list whose rows are rebuilt each render (an infinite list's pages) without end.
    autoResetAll: false,
  });
}
