import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useDebounced } from '@/features/tickets/list/use-debounced';
import { api } from '@/lib/api';
import { formatPhoneNumber } from '@/lib/phone';

/** Letters typed before the contact search runs (as the lineage's report page). */
const MIN_SEARCH = 3;
const SHOWN = 10;

export interface PickedContact {
  id: number;
  name: string;
}

/**
 * The contact filter: after 3 letters (and the 500 ms pause) the company's contacts matching
 * them are offered; the chosen one shows as a chip that clears the filter.
 */
export function ContactPicker({
  value,
  onChange,
}: {
  value: PickedContact | null;
  onChange: (contact: PickedContact | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const term = useDebounced(text.trim());
  const search = useQuery({
    queryKey: ['contacts', 'list', 'report-picker', term] as const,
    queryFn: ({ signal }) =>
      api.call('contactsIndex', { query: { searchParam: term, pageNumber: 1 } as never, signal }),
    enabled: term.length >= MIN_SEARCH,
  });
  const options = term.length >= MIN_SEARCH ? (search.data?.contacts ?? []).slice(0, SHOWN) : [];

  if (value)
    return (
      <div className="flex h-9 items-center gap-1 rounded-md border px-2 text-sm">
        <span className="truncate" data-testid="picked-contact">
          {value.name}
        </span>
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto size-6"
          aria-label={t('reports.filters.clearContact')}
          onClick={() => onChange(null)}
        >
          <X className="size-3.5" />
        </Button>
      </div>
    );
  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={`${id}-list`}
        aria-label={t('reports.filters.contact')}
        placeholder={t('reports.filters.contactPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {options.length > 0 && (
        <ul
          id={`${id}-list`}
          role="listbox"
          className="absolute z-10 mt-1 max-h-64 w-full overflow-auto rounded-md border bg-popover p-1 shadow-md"
        >
          {options.map((contact) => (
            <li
              key={contact.id}
              role="option"
              aria-selected={false}
              className="cursor-pointer rounded px-2 py-1 text-sm hover:bg-accent"
              onClick={() => {
                onChange({ id: contact.id, name: contact.name });
                setText('');
              }}
            >
              {contact.name}
              {contact.number ? ` - ${formatPhoneNumber(contact.number)}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
