import type { ReactNode } from 'react';
import {
  useFormContext,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { translateRuntimeKey } from '@/lib/i18n';
import { translateValidation } from '@/lib/validation';

/**
 * A shared schema's message as the connection and queue forms show it: a full text key
 * (whatsappModal.errorSendQueue), the forms' own wording, else the common validation texts.
 */
export function formErrorText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return (
    (message.includes('.') ? translateRuntimeKey(message) : null) ??
    translateValidation(message, 'formValidation')
  );
}

/** The error message a field of the surrounding form holds (nested paths allowed). */
function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext();
  let node: unknown = formState.errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return formErrorText((node as { message?: string } | undefined)?.message);
}

interface BaseProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  idPrefix: string;
  className?: string;
}

/** A labelled text (or number, date, datetime) input registered in the surrounding form. */
export function TextInput<T extends FieldValues>({
  name,
  label,
  idPrefix,
  className,
  type = 'text',
  ...rest
}: BaseProps<T> & {
  type?: string;
  min?: string;
  max?: string;
  autoFocus?: boolean;
  placeholder?: string;
}) {
  const { register } = useFormContext<T>();
  const error = useFieldError(name);
  const id = `${idPrefix}-${name}`;
  return (
    <Field id={id} label={label} error={error} className={className}>
      <Input
        id={id}
        type={type}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
        {...register(name)}
      />
    </Field>
  );
}

/** A labelled multi-line message. */
export function TextArea<T extends FieldValues>({
  name,
  label,
  idPrefix,
  className,
}: BaseProps<T>) {
  const { register } = useFormContext<T>();
  const error = useFieldError(name);
  const id = `${idPrefix}-${name}`;
  return (
    <Field id={id} label={label} error={error} className={className}>
      <Textarea id={id} rows={3} aria-invalid={!!error} className="min-h-16" {...register(name)} />
    </Field>
  );
}

/** A labelled select of the surrounding form. */
export function Select<T extends FieldValues>({
  name,
  label,
  idPrefix,
  className,
  children,
  options,
}: BaseProps<T> & { children: ReactNode; options?: RegisterOptions<T> }) {
  const { register } = useFormContext<T>();
  const error = useFieldError(name);
  const id = `${idPrefix}-${name}`;
  return (
    <Field id={id} label={label} error={error} className={className}>
      <NativeSelect id={id} aria-invalid={!!error} {...register(name, options)}>
        {children}
      </NativeSelect>
    </Field>
  );
}

/** A labelled on/off switch (a checkbox). */
export function Check<T extends FieldValues>({ name, label, idPrefix, className }: BaseProps<T>) {
  const { register } = useFormContext<T>();
  const id = `${idPrefix}-${name}`;
  return (
    <label htmlFor={id} className={`flex items-center gap-2 text-sm ${className ?? ''}`}>
      <Checkbox id={id} {...register(name)} />
      {label}
    </label>
  );
}
