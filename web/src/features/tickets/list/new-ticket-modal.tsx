import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useConnections } from '@/features/connections/queries';
import { api } from '@/lib/api';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { toastError } from '@/lib/errors';
import type { Option } from './multi-select';
import { holderOf, tabOfStatus, type Holder } from './ticket-actions';
import type { ListTab } from './storage';
import { isDigits } from './text';
import { useDebounced } from './use-debounced';
import { formatPhoneNumber } from '@/lib/phone';

/** Contact search starts at this many characters (docs/product/tickets.md#validation). */
export const CONTACT_SEARCH_MIN = 3;

interface Picked {
  id: number;
  name: string;
}

/**
 * New ticket (docs/product/tickets.md#validation): a contact found from 3 typed characters (or created from the typed
 * text: digits become the number, anything else the name), a queue and a connection, both
 * required. A contact whose open ticket is mine opens it; someone else's shows the notice.
 */
export function NewTicketModal({
  open,
  onClose,
  queues,
  onTab,
  onHeldBy,
}: {
  open: boolean;
  onClose: () => void;
  queues: Option<number>[];
  onTab: (tab: ListTab) => void;
  onHeldBy: (holder: Holder) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const connections = useConnections();
  const [text, setText] = useState('');
  const [contact, setContact] = useState<Picked | null>(null);
  const [queueId, setQueueId] = useState('');
  const [whatsappId, setWhatsappId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const addContact = useRouteMutation('contactsCreate');
  const openTicket = useRouteMutation('ticketsCreate');
  const typed = text.trim();
  const search = useDebounced(typed);
  const found = useQuery({
    queryKey: ['contacts', 'list', 'new-ticket', search] as const,
    queryFn: ({ signal }) =>
      api.call('contactsIndex', { query: { searchParam: search, pageNumber: 1 }, signal }),
    enabled: open && search.length >= CONTACT_SEARCH_MIN && contact === null,
  });

  const reset = () => {
    setText('');
    setContact(null);
    setQueueId('');
    setWhatsappId('');
    setErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };

  const createContact = async () => {
    try {
      const body = isDigits(typed) ? { name: typed, number: typed } : { name: typed };
      const created = await addContact.mutateAsync({ body });
      setContact({ id: created.id, name: created.name });
    } catch (err) {
      toastError(err);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!contact) next.contact = t('tickets.list.newTicket.contactRequired');
    if (!queueId) next.queue = t('tickets.list.newTicket.queueRequired');
    if (!whatsappId) next.connection = t('tickets.list.newTicket.connectionRequired');
    setErrors(next);
    if (Object.keys(next).length || !contact) return;
    setBusy(true);
    try {
      const ticket = await openTicket.mutateAsync({
        body: {
          contactId: contact.id,
          queueId: Number(queueId),
          whatsappId: Number(whatsappId),
          userId: me.id,
          status: 'open',
        },
      });
      onTab(tabOfStatus(ticket.status) ?? 'open');
      navigate(`/tickets/${ticket.uuid}`);
      close();
    } catch (err) {
      const holder = holderOf(err);
      if (holder && holder.userId === me.id && holder.uuid) {
        onTab('open');
        navigate(`/tickets/${holder.uuid}`);
        close();
      } else if (holder) {
        close();
        onHeldBy({ user: holder.user, queue: holder.queue });
      } else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const contacts = found.data?.contacts ?? [];
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent closeLabel={t('tickets.list.close')}>
        <DialogHeader>
          <DialogTitle>{t('tickets.list.newTicket.title')}</DialogTitle>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <Field
            id="new-ticket-contact"
            label={t('tickets.list.newTicket.contact')}
            error={errors.contact}
          >
            {contact ? (
              <div className="flex items-center justify-between rounded-md border px-3 py-2 text-sm">
                <span>{contact.name}</span>
                <Button type="button" variant="ghost" size="sm" onClick={() => setContact(null)}>
                  {t('tickets.list.cancel')}
                </Button>
              </div>
            ) : (
              <>
                <Input
                  id="new-ticket-contact"
                  placeholder={t('tickets.list.newTicket.searchContact')}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  autoComplete="off"
                />
                {typed.length > 0 && typed.length < CONTACT_SEARCH_MIN && (
                  <p className="text-xs text-muted-foreground">
                    {t('tickets.list.newTicket.typeMore')}
                  </p>
                )}
                {typed.length >= CONTACT_SEARCH_MIN && (
                  <div role="listbox" className="grid max-h-48 overflow-auto rounded-md border">
                    {contacts.map((c) => (
                      <button
                        type="button"
                        role="option"
                        aria-selected={false}
                        key={c.id}
                        className="px-3 py-1.5 text-left text-sm hover:bg-accent"
                        onClick={() => setContact({ id: c.id, name: c.name })}
                      >
                        {c.number ? `${c.name} (${formatPhoneNumber(c.number)})` : c.name}
                      </button>
                    ))}
                    {found.isSuccess && search === typed && contacts.length === 0 && (
                      <p className="px-3 py-1.5 text-sm text-muted-foreground">
                        {t('tickets.list.newTicket.noContacts')}
                      </p>
                    )}
                    <button
                      type="button"
                      role="option"
                      aria-selected={false}
                      className="flex items-center gap-2 px-3 py-1.5 text-left text-sm text-primary hover:bg-accent"
                      onClick={() => void createContact()}
                    >
                      <UserPlus className="size-4" aria-hidden />
                      {t('tickets.list.newTicket.createContact', { text: typed })}
                    </button>
                  </div>
                )}
              </>
            )}
          </Field>
          <Field
            id="new-ticket-queue"
            label={t('tickets.list.newTicket.queue')}
            error={errors.queue}
          >
            <NativeSelect
              id="new-ticket-queue"
              value={queueId}
              onChange={(e) => setQueueId(e.target.value)}
              aria-invalid={Boolean(errors.queue)}
            >
              <option value="">{t('tickets.list.newTicket.queueRequired')}</option>
              {queues.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            id="new-ticket-connection"
            label={t('tickets.list.newTicket.connection')}
            error={errors.connection}
          >
            <NativeSelect
              id="new-ticket-connection"
              value={whatsappId}
              onChange={(e) => setWhatsappId(e.target.value)}
              aria-invalid={Boolean(errors.connection)}
            >
              <option value="">{t('tickets.list.newTicket.connectionRequired')}</option>
              {(connections.data ?? []).map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              {t('tickets.list.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {t('tickets.list.newTicket.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
