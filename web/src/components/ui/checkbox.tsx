import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A styled native checkbox: keeps the `checkbox` role, `register(name)` and
 * `user.click`/`checked` working as on a plain `<input type="checkbox">`.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        'size-4 shrink-0 cursor-pointer rounded-sm border border-input accent-primary outline-none disabled:cursor-not-allowed disabled:opacity-50',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
