import type { TicketView } from '@atendo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import type { Option } from './multi-select';

/** Accepting a pending ticket that has no queue: the queue is picked first (docs/product/tickets.md#status-transitions). */
export function AcceptTicketModal({
  ticket,
  queues,
  onAccept,
  onClose,
}: {
  ticket: TicketView | null;
  queues: Option<number>[];
  onAccept: (ticket: TicketView, queueId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [queueId, setQueueId] = useState('');
  const [error, setError] = useState('');
  const close = () => {
    setQueueId('');
    setError('');
    onClose();
  };
  return (
    <Dialog open={ticket !== null} onOpenChange={(next) => !next && close()}>
      <DialogContent closeLabel={t('tickets.list.close')}>
        <DialogHeader>
          <DialogTitle>{t('tickets.list.accept.title')}</DialogTitle>
          <DialogDescription>{t('tickets.list.accept.text')}</DialogDescription>
        </DialogHeader>
        <Field id="accept-queue" label={t('tickets.list.accept.queue')} error={error}>
          <NativeSelect
            id="accept-queue"
            value={queueId}
            onChange={(e) => setQueueId(e.target.value)}
          >
            <option value="">{t('tickets.list.newTicket.queueRequired')}</option>
            {queues.map((q) => (
              <option key={q.id} value={q.id}>
                {q.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            {t('tickets.list.cancel')}
          </Button>
          <Button
            onClick={() => {
              if (!queueId || !ticket) return setError(t('tickets.list.newTicket.queueRequired'));
              onAccept(ticket, Number(queueId));
              close();
            }}
          >
            {t('tickets.list.accept.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
