import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

/** A top-bar popover with a title and, for now, its empty state. */
export function EmptyPopover({
  icon: Icon,
  label,
  empty,
}: {
  icon: LucideIcon;
  label: string;
  empty: string;
}) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} title={label}>
          <Icon />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0">
        <p className="border-b px-4 py-3 text-sm font-semibold">{label}</p>
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">{empty}</p>
      </PopoverContent>
    </Popover>
  );
}
