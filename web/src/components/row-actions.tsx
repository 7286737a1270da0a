import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TableCell } from '@/components/ui/table';

/** The edit and delete icon buttons at the end of an admin list's row (labels name the row). */
export function RowActionsCell({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <TableCell className="text-right whitespace-nowrap">
      <Button variant="ghost" size="icon" aria-label={editLabel} onClick={onEdit}>
        <Pencil />
      </Button>
      <Button variant="ghost" size="icon" aria-label={deleteLabel} onClick={onDelete}>
        <Trash2 />
      </Button>
    </TableCell>
  );
}
