import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { api } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth/auth-provider';

/** The company's queues, for the accept and transfer pickers. */
export function useCompanyQueues(enabled = true) {
  return useQuery({
    queryKey: ['queues', 'list', 'options'] as const,
    queryFn: ({ signal }) => api.call('queuesIndex', { signal }),
    enabled,
  });
}

/** Accepting a ticket without a queue: pick one of the user's queues (or the company's). */
export function AcceptTicketDialog({
  open,
  onOpenChange,
  onAccept,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onAccept(queueId: number): Promise<void>;
}) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const companyQueues = useCompanyQueues(open && !me.queues?.length);
  const queues = me.queues?.length ? me.queues : (companyQueues.data ?? []);
  const [queueId, setQueueId] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('tickets.chat.close')}>
        <DialogHeader>
          <DialogTitle>{t('tickets.chat.acceptTitle')}</DialogTitle>
        </DialogHeader>
        <Label htmlFor="chat-accept-queue">{t('tickets.chat.queue')}</Label>
        <NativeSelect
          id="chat-accept-queue"
          value={queueId}
          onChange={(e) => setQueueId(e.target.value)}
        >
          <option value="">{t('tickets.chat.selectQueue')}</option>
          {queues.map((q) => (
            <option key={q.id} value={q.id}>
              {q.name}
            </option>
          ))}
        </NativeSelect>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('tickets.chat.cancel')}
          </Button>
          <Button
            disabled={!queueId || busy}
            onClick={() => {
              setBusy(true);
              void onAccept(Number(queueId)).finally(() => {
                setBusy(false);
                onOpenChange(false);
              });
            }}
          >
            {t('tickets.chat.accept')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Who holds the contact's active ticket. */
export interface TicketHolder {
  user: string;
  queue: string;
}

/** The notice shown instead of opening a ticket another user already attends. */
export function HeldTicketDialog({
  holder,
  onClose,
}: {
  holder: TicketHolder | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={holder !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('tickets.chat.close')}>
        <DialogHeader>
          <DialogTitle>{t('tickets.chat.heldTitle')}</DialogTitle>
        </DialogHeader>
        <p className="text-sm">
          {t('tickets.chat.heldText', { user: holder?.user ?? '', queue: holder?.queue ?? '' })}
        </p>
        <div className="flex justify-end">
          <Button onClick={onClose}>{t('tickets.chat.ok')}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
