import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

/**
 * A top-bar popover: an icon button (with a count badge when `count` is above zero), a title,
 * and its items, or the empty text when there are none.
 */
export function TopBarPopover({
  icon: Icon,
  label,
  empty,
  count = 0,
  countLabel,
  open,
  onOpenChange,
  children,
}: {
  icon: LucideIcon;
  label: string;
  empty: string;
  /** The badge's number (none at 0). */
  count?: number;
  /** What the badge says to assistive technology, e.g. "3 unread". */
  countLabel?: string;
  /** Controls the popover (e.g. to close it when an item is chosen); uncontrolled when omitted. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The items; nothing (or null) shows the empty text. */
  children?: ReactNode;
}) {
  const badge = count > 99 ? '99+' : String(count);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={count > 0 && countLabel ? `${label} (${countLabel})` : label}
          title={label}
          className="relative"
        >
          <Icon />
          {count > 0 ? (
            <span
              data-testid={`${label}-count`}
              aria-hidden
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0">
        <p className="border-b px-4 py-3 text-sm font-semibold">{label}</p>
        {children ? (
          <div className="max-h-96 overflow-y-auto">{children}</div>
        ) : (
          <p className="px-4 py-6 text-center text-sm text-muted-foreground">{empty}</p>
        )}
      </PopoverContent>
    </Popover>
  );
}
