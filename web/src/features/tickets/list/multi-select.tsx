import { ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { textColorOn } from '@/lib/color';

export interface Option<Id extends string | number> {
  id: Id;
  name: string;
  color?: string | null;
}

/**
 * A checkbox list in a popover whose trigger shows the first `chips` chosen options as chips
 * and the rest as one '+n' text (the queue select and the tag filter, docs/product/tickets.md#the-tickets-screen).
 */
export function MultiSelect<Id extends string | number>({
  label,
  options,
  selected,
  onChange,
  chips = 2,
  more,
}: {
  label: string;
  options: Option<Id>[];
  selected: Id[];
  onChange: (next: Id[]) => void;
  chips?: number;
  /** The text standing for the options past the chips, e.g. '+3 Filas'. */
  more: (count: number) => string;
}) {
  const chosen = options.filter((o) => selected.includes(o.id));
  // The name holds what the trigger shows (WCAG 2.5.3): the label, then the chips and '+n'.
  const shown = [
    ...chosen.slice(0, chips).map((o) => o.name),
    ...(chosen.length > chips ? [more(chosen.length - chips)] : []),
  ];
  const name = shown.length ? `${label}: ${shown.join(' ')}` : label;
  const toggle = (id: Id) =>
    onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" aria-label={name} className="h-8 max-w-full gap-1">
          {chosen.length === 0 && <span className="text-muted-foreground">{label}</span>}
          {chosen.slice(0, chips).map((o) => (
            <span
              key={o.id}
              data-testid="chip"
              className="max-w-24 truncate rounded px-1.5 py-0.5 text-xs"
              style={{
                backgroundColor: o.color ?? '#7c7c7c',
                color: textColorOn(o.color ?? '#7c7c7c'),
              }}
            >
              {o.name}
            </span>
          ))}
          {chosen.length > chips && (
            <span className="text-xs text-muted-foreground">{more(chosen.length - chips)}</span>
          )}
          <ChevronDown className="size-3.5 opacity-60" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="grid max-h-72 w-56 gap-2 overflow-auto">
        {options.map((o) => (
          <label key={o.id} className="flex items-center gap-2 text-sm">
            <Checkbox checked={selected.includes(o.id)} onChange={() => toggle(o.id)} />
            {o.color && (
              <span
                className="inline-block size-3 shrink-0 rounded-full"
                style={{ backgroundColor: o.color }}
              />
            )}
            <span className="truncate">{o.name}</span>
          </label>
        ))}
      </PopoverContent>
    </Popover>
  );
}
