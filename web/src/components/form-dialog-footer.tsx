import { Button } from '@/components/ui/button';

/** A form dialog's cancel and save buttons (save submits the surrounding form). */
export function FormDialogFooter({
  cancelLabel,
  saveLabel,
  onCancel,
  saveDisabled,
}: {
  cancelLabel: string;
  saveLabel: string;
  onCancel: () => void;
  saveDisabled?: boolean;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={saveDisabled}>
        {saveLabel}
      </Button>
    </div>
  );
}
