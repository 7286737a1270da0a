import type { ComponentProps } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export interface SecretFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  id: string;
  label: string;
  error?: string;
  /**
   * The feature's "kept when left empty" text, passed only while a value is stored: the
   * field is write-only, so on edit an empty input keeps the stored secret.
   */
  keptText?: string;
  /** Where the kept text shows: a note under the input, the placeholder, or both. */
  keptAs?: 'hint' | 'placeholder' | 'both';
  /** Classes of the note under the input. */
  hintClassName?: string;
  /** Classes of the field's wrapper. */
  className?: string;
}

/**
 * A write-only secret (an API key, an access token, a password): a password input that never
 * shows the stored value; with one stored, the kept text says an empty field keeps it.
 */
export function SecretField({
  id,
  label,
  error,
  keptText,
  keptAs = 'hint',
  hintClassName,
  className,
  ...input
}: SecretFieldProps) {
  const hint = keptText && keptAs !== 'placeholder' && !error ? keptText : undefined;
  const hintId = `${id}-hint`;
  return (
    <Field id={id} label={label} error={error} className={className}>
      <Input
        id={id}
        type="password"
        autoComplete="new-password"
        placeholder={keptAs !== 'hint' ? keptText : undefined}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : hint ? hintId : undefined}
        {...input}
      />
      {hint ? (
        <p id={hintId} className={cn('text-xs text-muted-foreground', hintClassName)}>
          {hint}
        </p>
      ) : null}
    </Field>
  );
}
