import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api';
import type { PickedContact } from './schedule-form';
import { formatPhoneNumber } from '@/lib/phone';

/** Search waits this long after the last keystroke. */
const DEBOUNCE_MS = 300;

/**
 * The schedule's contact: the chosen one with a button to change it, or a search box listing
 * the company's contacts matching the typed name, number or email (GET /contacts).
 */
export function ContactPicker({
  id,
  value,
  onChange,
  disabled,
  invalid,
}: {
  id: string;
  value: PickedContact | null;
  onChange: (contact: PickedContact | null) => void;
  disabled?: boolean;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: ['contacts', 'list', 'schedule-picker', search] as const,
    queryFn: ({ signal }) =>
      api.call('contactsIndex', { query: { searchParam: search, pageNumber: 1 }, signal }),
    enabled: !value && search.length > 0,
  });

  if (value)
    return (
      <div className="flex items-center justify-between rounded-md border px-3 py-2 text-sm">
        <span id={id}>{value.name}</span>
        {disabled ? null : (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setText('');
              onChange(null);
            }}
          >
            {t('scheduleModal.changeContact')}
          </Button>
        )}
      </div>
    );

  const contacts = found.data?.contacts ?? [];
  return (
    <>
      <Input
        id={id}
        placeholder={t('scheduleModal.searchContact')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
        aria-invalid={invalid}
        disabled={disabled}
      />
      {search.length > 0 && text.trim().length > 0 ? (
        <div
          role="listbox"
          aria-label={t('scheduleModal.contact')}
          className="grid max-h-48 overflow-auto rounded-md border"
        >
          {contacts.map((c) => (
            <button
              type="button"
              role="option"
              aria-selected={false}
              key={c.id}
              className="px-3 py-1.5 text-left text-sm hover:bg-accent"
              onClick={() => onChange({ id: c.id, name: c.name })}
            >
              {c.number ? `${c.name} (${formatPhoneNumber(c.number)})` : c.name}
            </button>
          ))}
          {found.isSuccess && contacts.length === 0 ? (
            <p className="px-3 py-1.5 text-sm text-muted-foreground">
              {t('scheduleModal.noContactsFound')}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
