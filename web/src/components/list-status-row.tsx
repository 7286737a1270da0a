import { TableCell, TableRow } from '@/components/ui/table';

/** A list table's one full-width row while it loads, or when it has no rows; nothing otherwise. */
export function ListStatusRow({
  colSpan,
  pending,
  empty,
  loadingText,
  emptyText,
}: {
  colSpan: number;
  pending: boolean;
  empty: boolean;
  loadingText: string;
  emptyText: string;
}) {
  if (!pending && !empty) return null;
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="text-center text-muted-foreground">
        {pending ? loadingText : emptyText}
      </TableCell>
    </TableRow>
  );
}
