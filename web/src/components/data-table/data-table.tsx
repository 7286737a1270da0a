import { flexRender, type Table as TanstackTable } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The rows of a table built with useDataTable, with a loading and an empty state. */
export function DataTable<TData>({
  table,
  label,
  isLoading = false,
  emptyText,
}: {
  table: TanstackTable<TData>;
  /** The table's accessible name. */
  label: string;
  isLoading?: boolean;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;

  return (
    <Table aria-label={label} aria-busy={isLoading}>
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              return (
                <TableHead
                  key={header.id}
                  colSpan={header.colSpan}
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
        {rows.length > 0 ? (
          rows.map((row) => (
            <TableRow key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <TableCell key={cell.id}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : (
          <TableRow>
            <TableCell colSpan={columnCount} className="h-24 text-center text-muted-foreground">
              {isLoading ? t('common.loading') : (emptyText ?? t('table.noResults'))}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
