import type { ContactView } from '@atendo/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useForwardMessages } from './forward';
import { formatPhoneNumber } from '@/lib/phone';

/** Contact search waits this long after typing (docs/product/tickets.md#limits-and-constants). */
const SEARCH_DEBOUNCE_MS = 500;

/** Picks the contact the selected messages go to, then sends them in order. */
export function ForwardDialog({
  open,
  onOpenChange,
  messageIds,
  signMessage,
  onDone,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  messageIds: number[];
  signMessage: boolean;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [contact, setContact] = useState<ContactView | null>(null);
  const [sending, setSending] = useState(false);
  const forwardMessages = useForwardMessages();
  useEffect(() => {
    const id = setTimeout(() => setDebounced(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [search]);
  const contacts = useQuery({
    queryKey: ['chat', 'forwardContacts', debounced],
    queryFn: ({ signal }) =>
      api.call('contactsIndex', { query: { searchParam: debounced, pageNumber: 1 }, signal }),
    enabled: open,
  });

  const send = async () => {
    if (messageIds.length === 0) {
      notify.error(t('tickets.chat.forwardNone'));
      return;
    }
    if (!contact) return;
    setSending(true);
    try {
      await forwardMessages(messageIds, contact.id, signMessage);
      notify.success(t('tickets.chat.forwardDone'));
      onDone();
      onOpenChange(false);
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('tickets.chat.close')}>
        <DialogHeader>
          <DialogTitle>{t('tickets.chat.forwardTitle')}</DialogTitle>
        </DialogHeader>
        <Input
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('tickets.chat.searchContact')}
          aria-label={t('tickets.chat.searchContact')}
        />
        <ul className="max-h-64 overflow-y-auto" aria-label={t('tickets.chat.contacts')}>
          {contacts.data?.contacts.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={cn(
                  'hover:bg-accent w-full rounded px-2 py-1 text-left text-sm',
                  contact?.id === c.id && 'bg-accent font-medium',
                )}
                onClick={() => setContact(c)}
              >
                {c.name}{' '}
                {c.number && (
                  <span className="text-muted-foreground">({formatPhoneNumber(c.number)})</span>
                )}
              </button>
            </li>
          ))}
        </ul>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('tickets.chat.cancel')}
          </Button>
          <Button disabled={!contact || sending} onClick={() => void send()}>
            {t('tickets.chat.forwardSend', { count: messageIds.length })}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
