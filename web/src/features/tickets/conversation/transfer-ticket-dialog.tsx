import type { TicketView, UserView } from '@atendo/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCompanyQueues } from './dialogs/accept-ticket-dialog';

export interface TransferTicketDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  ticket: TicketView;
}

/** The user filter waits this long after typing (docs/product/tickets.md#limits-and-constants). */
export const USER_FILTER_DEBOUNCE_MS = 100;

/** Every user of the company: the pages of GET /users, one after another, until hasMore is false. */
export async function loadAllUsers(signal?: AbortSignal): Promise<UserView[]> {
  const users: UserView[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await api.call('usersIndex', { query: { pageNumber }, signal });
    users.push(...page.users);
    if (!page.hasMore || page.users.length === 0) return users;
  }
}

/** Case-insensitive substring on name or email. */
export function matchesUser(user: Pick<UserView, 'name' | 'email'>, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (!needle) return true;
  return (
    user.name.toLowerCase().includes(needle) || (user.email ?? '').toLowerCase().includes(needle)
  );
}

/**
 * Transferir Ticket: a connected connection, a queue and/or a user (the current owner is not
 * offered), and a private note that does not go to the customer.
 */
export function TransferTicketDialog({ open, onOpenChange, ticket }: TransferTicketDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const transfer = useRouteMutation('ticketsUpdate');
  const queues = useCompanyQueues(open);
  const connections = useQuery({
    queryKey: ['chat', 'transfer', 'connections'] as const,
    queryFn: ({ signal }) => api.call('whatsappIndex', { query: {}, signal }),
    enabled: open,
  });
  const users = useQuery({
    queryKey: ['chat', 'transfer', 'users'] as const,
    queryFn: async ({ signal }) => {
      try {
        return await loadAllUsers(signal);
      } catch (err) {
        // docs/product/errors.md#error-catalogue: a failed user load empties the list and shows the error
        toastError(err);
        return [];
      }
    },
    enabled: open,
    staleTime: 0,
  });

  const connected = useMemo(
    () => (connections.data ?? []).filter((c) => c.status === 'CONNECTED'),
    [connections.data],
  );
  const [whatsappId, setWhatsappId] = useState('');
  const [queueId, setQueueId] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const [debounced, setDebounced] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setQueueId('');
    setUserId(null);
    setFilter('');
    setNote('');
  }, [open]);
  // exactly one connected connection: it is the choice
  useEffect(() => {
    setWhatsappId(connected.length === 1 ? String(connected[0]!.id) : '');
  }, [connected]);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(filter), USER_FILTER_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [filter]);

  const options = useMemo(
    () =>
      (users.data ?? [])
        .filter((u) => u.id !== ticket.userId)
        .filter((u) => matchesUser(u, debounced)),
    [users.data, ticket.userId, debounced],
  );
  const chosenUser = users.data?.find((u) => u.id === userId) ?? null;
  const loading = connections.isPending || users.isPending || queues.isPending || saving;
  const nothingChosen = !queueId && !whatsappId && userId === null;

  const submit = async () => {
    if (whatsappId) {
      const chosen = connections.data?.find((c) => String(c.id) === whatsappId);
      if (chosen?.status !== 'CONNECTED') {
        notify.error(t('tickets.chat.transferDisconnected'));
        return;
      }
    }
    setSaving(true);
    try {
      await transfer.mutateAsync({
        params: { id: ticket.id },
        body: {
          isTransfered: true,
          status: 'pending',
          queueId: queueId ? Number(queueId) : (ticket.queueId ?? null),
          userId,
          whatsappId: whatsappId ? Number(whatsappId) : (ticket.whatsappId ?? null),
          msgTransfer: note.trim() ? note : null,
        },
      });
      onOpenChange(false);
      navigate('/tickets/');
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const statusLabel = (status: string) =>
    status === 'CONNECTED' ? t('tickets.chat.connected') : t('tickets.chat.disconnected');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('tickets.chat.close')}>
        <DialogHeader>
          <DialogTitle>{t('tickets.chat.transferTitle')}</DialogTitle>
        </DialogHeader>
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor="transfer-connection">{t('tickets.chat.connection')}</Label>
            <NativeSelect
              id="transfer-connection"
              value={whatsappId}
              onChange={(e) => setWhatsappId(e.target.value)}
            >
              {connected.length !== 1 && (
                <option value="">
                  {connected.length === 0
                    ? t('tickets.chat.noConnectedConnection')
                    : t('tickets.chat.selectConnection')}
                </option>
              )}
              {connected.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} — {statusLabel(c.status)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="transfer-queue">{t('tickets.chat.queue')}</Label>
            <NativeSelect
              id="transfer-queue"
              value={queueId}
              onChange={(e) => setQueueId(e.target.value)}
            >
              <option value="">{t('tickets.chat.selectQueue')}</option>
              {(queues.data ?? []).map((q) => (
                <option key={q.id} value={q.id}>
                  {q.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="relative flex flex-col gap-1">
            <Label htmlFor="transfer-user">{t('tickets.chat.user')}</Label>
            <Input
              id="transfer-user"
              role="combobox"
              aria-expanded={listOpen}
              aria-controls="transfer-user-options"
              autoComplete="off"
              value={chosenUser && !listOpen ? `${chosenUser.name} (${chosenUser.email})` : filter}
              placeholder={t('tickets.chat.searchUser')}
              onFocus={() => setListOpen(true)}
              onChange={(e) => {
                setFilter(e.target.value);
                setUserId(null);
                setListOpen(true);
              }}
            />
            {listOpen && (
              <ul
                id="transfer-user-options"
                role="listbox"
                aria-label={t('tickets.chat.users')}
                className="bg-popover absolute top-full z-50 mt-1 max-h-56 w-full overflow-y-auto rounded-md border shadow-md"
              >
                {options.map((u) => (
                  <li
                    key={u.id}
                    role="option"
                    aria-selected={u.id === userId}
                    className="hover:bg-accent flex cursor-pointer items-center gap-2 px-2 py-1 text-sm"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => {
                      setUserId(u.id);
                      setListOpen(false);
                    }}
                  >
                    <span
                      className={cn(
                        'size-2 shrink-0 rounded-full',
                        u.online ? 'bg-emerald-500' : 'bg-zinc-400',
                      )}
                      aria-label={u.online ? t('tickets.chat.online') : t('tickets.chat.offline')}
                      role="img"
                    />
                    {u.name} ({u.email})
                  </li>
                ))}
                {options.length === 0 && (
                  <li className="text-muted-foreground px-2 py-1 text-sm">
                    {t('tickets.chat.noUsers')}
                  </li>
                )}
              </ul>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="transfer-note">{t('tickets.chat.transferNote')}</Label>
            <Textarea
              id="transfer-note"
              rows={3}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              onFocus={() => setListOpen(false)}
              className="min-h-0 bg-background"
            />
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('tickets.chat.cancel')}
          </Button>
          <Button disabled={loading || nothingChosen} onClick={() => void submit()}>
            {t('tickets.chat.transferSubmit')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
