import { Paperclip, X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';
import { cn } from '@/lib/utils';

export interface AttachmentFieldProps {
  /** The field's heading; left out where the row sits in a list with its own labels. */
  label?: string;
  /** Shows the heading at the start of the row instead of above it. */
  inlineLabel?: boolean;
  /** The attach button's text; also the hidden file input's accessible name. */
  attachLabel: string;
  /** The file input's accessible name (and the button's title) when it differs from the text. */
  inputLabel?: string;
  /** The remove button's accessible name. */
  removeLabel: string;
  /** The file input's id (for a `<label htmlFor>` outside). */
  id?: string;
  accept?: string;
  /** Refuses a chosen file: returns the message to toast, or null to accept it. */
  validate?: (file: File) => string | null;
  /** The toast id of a refusal, so repeated refusals show one toast. */
  refuseToastId?: string;
  /** The file stored on the server (its name), shown while no new file is chosen. */
  storedName?: string | null;
  /** The file chosen for upload on save. */
  file: File | null;
  onChange: (file: File) => void;
  onRemove: () => void;
  /** Disables both buttons (read-only forms). */
  disabled?: boolean;
  /** Whether the attach button shows (default true). */
  canAttach?: boolean;
  /** Whether the remove button shows next to a current file (default true). */
  canRemove?: boolean;
  /** A note next to the attach button (the accepted types). */
  hint?: string;
  /** The text shown when there is no file; nothing when left out. */
  emptyText?: string;
  /** Renders the stored file's name (a link to open it); plain text by default. */
  renderStoredName?: (name: string) => ReactNode;
  /** Content at the start of the row (a caption input). */
  leading?: ReactNode;
  /** Content at the end of the row (a button removing the whole row). */
  trailing?: ReactNode;
  /** Classes of the current file's name. */
  nameClassName?: string;
  className?: string;
}

/**
 * One attachment of a form: a hidden file input opened by an "attach" button, the current
 * file's name (the one just chosen, else the stored one) and a button removing it.
 */
export function AttachmentField({
  label,
  inlineLabel = false,
  attachLabel,
  inputLabel,
  removeLabel,
  id,
  accept,
  validate,
  refuseToastId,
  storedName,
  file,
  onChange,
  onRemove,
  disabled = false,
  canAttach = true,
  canRemove = true,
  hint,
  emptyText,
  renderStoredName,
  leading,
  trailing,
  nameClassName,
  className,
}: AttachmentFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const current = file?.name ?? storedName ?? null;
  const heading = label ? (
    <span className={inlineLabel ? 'font-medium' : 'text-sm font-medium'}>{label}</span>
  ) : null;

  const row = (
    <div
      className={cn(
        'flex min-w-0 items-center gap-2',
        inlineLabel && 'flex-wrap text-sm',
        (!heading || inlineLabel) && className,
      )}
    >
      {inlineLabel ? heading : null}
      {leading}
      {canAttach ? (
        <>
          <input
            ref={input}
            id={id}
            type="file"
            className="sr-only"
            accept={accept}
            aria-label={inputLabel ?? attachLabel}
            tabIndex={-1}
            disabled={disabled}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              e.target.value = '';
              if (!chosen) return;
              const refusal = validate?.(chosen) ?? null;
              if (refusal) {
                notify.error(refusal, refuseToastId);
                return;
              }
              onChange(chosen);
            }}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            title={inputLabel}
            disabled={disabled}
            onClick={() => input.current?.click()}
          >
            <Paperclip />
            {attachLabel}
          </Button>
          {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
        </>
      ) : null}
      {current ? (
        <>
          <span className={cn('truncate text-sm', nameClassName)} title={current}>
            {!file && renderStoredName ? renderStoredName(current) : current}
          </span>
          {canRemove ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={removeLabel}
              disabled={disabled}
              onClick={onRemove}
            >
              <X />
            </Button>
          ) : null}
        </>
      ) : emptyText ? (
        <span className={cn('text-sm text-muted-foreground', nameClassName)}>{emptyText}</span>
      ) : null}
      {trailing}
    </div>
  );

  if (!heading || inlineLabel) return row;
  return (
    <div className={cn('grid gap-2', className)}>
      {heading}
      {row}
    </div>
  );
}
