import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * An on/off switch: a native checkbox with role="switch" drawn as a track and thumb, so
 * `register(name)`, `checked`/`onChange` and `getByRole('switch')` work as on a checkbox.
 */
export function Switch({ className, ...props }: Omit<ComponentProps<'input'>, 'type' | 'role'>) {
  return (
    <span data-slot="switch" className={cn('relative inline-flex h-5 w-9 shrink-0', className)}>
      <input
        type="checkbox"
        role="switch"
        className={cn(
          'peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full bg-input shadow-xs outline-none transition-colors checked:bg-primary dark:bg-input/80',
          'focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
        )}
        {...props}
      />
      <span
        aria-hidden
        className="pointer-events-none absolute top-0.5 left-0.5 size-4 rounded-full bg-background shadow-sm transition-transform peer-checked:translate-x-4"
      />
    </span>
  );
}
