import type { UserView } from '@atendo/domain';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { USER_SEARCH_MIN, useUserSearch } from './queries';

export type PickedUser = Pick<UserView, 'id' | 'name'> & { queues?: UserView['queues'] };

/**
 * The user of the tickets a campaign opens: a search box that asks the api from the 3rd typed
 * character (docs/product/campaigns.md#validation) and lists the matches; the chosen one shows with a remove button.
 */
export function UserPicker({
  value,
  onChange,
  disabled,
}: {
  value: PickedUser | null;
  onChange: (user: PickedUser | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [term, setTerm] = useState('');
  const search = useUserSearch(disabled || value ? '' : term);
  const users = search.data ?? [];
  const asking = term.trim().length >= USER_SEARCH_MIN && !value;

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t('campaignDialog.user')}</Label>
      {value ? (
        <div className="flex h-9 items-center justify-between rounded-md border px-3 text-sm">
          <span>{value.name}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={t('campaignDialog.userClear')}
            disabled={disabled}
            onClick={() => {
              onChange(null);
              setTerm('');
            }}
          >
            <X />
          </Button>
        </div>
      ) : (
        <>
          <Input
            id={id}
            role="combobox"
            aria-expanded={asking}
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            placeholder={t('campaignDialog.userSearch')}
            value={term}
            disabled={disabled}
            onChange={(e) => setTerm(e.target.value)}
          />
          {asking && !disabled ? (
            <ul
              id={`${id}-list`}
              role="listbox"
              aria-label={t('campaignDialog.usersFound')}
              className="max-h-40 overflow-auto rounded-md border text-sm"
            >
              {users.map((u) => (
                <li
                  key={u.id}
                  role="option"
                  aria-selected={false}
                  tabIndex={0}
                  className="cursor-pointer px-3 py-1.5 hover:bg-accent focus:bg-accent focus:outline-none"
                  onClick={() => onChange({ id: u.id, name: u.name, queues: u.queues })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      onChange({ id: u.id, name: u.name, queues: u.queues });
                    }
                  }}
                >
                  {u.name}
                </li>
              ))}
              {search.isSuccess && users.length === 0 ? (
                <li className="px-3 py-1.5 text-muted-foreground">{t('campaignDialog.noUsers')}</li>
              ) : null}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}
