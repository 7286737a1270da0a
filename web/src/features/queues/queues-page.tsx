import { canAdministrate, type QueueView } from '@atendo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AddButton } from '@/components/list-page';
import { ListStatusRow } from '@/components/list-status-row';
import { PageHeader } from '@/components/page-header';
import { RowActionsCell } from '@/components/row-actions';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { toastError } from '@/lib/errors';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { useQueues } from './queries';
import { QueueDialog } from './queue-dialog';
import { queueSocketBinding } from './realtime';

const BINDINGS = [queueSocketBinding] as const;

type Row = Pick<QueueView, 'id' | 'name' | 'color' | 'orderQueue'> & {
  greetingMessage?: string | null;
};

/** /queues (docs/product/queues-and-chatbots.md Queues page): ID, name, colour, order and greeting; admins only. */
export function QueuesPage() {
  const user = permissionUser(useCurrentUser());
  if (!canAdministrate(user)) return <ForbiddenPage />;
  return <QueuesTable />;
}

function QueuesTable() {
  const { t } = useTranslation();
  const deleteQueue = useRouteMutation('queuesDelete');
  useSocketCache(BINDINGS);
  const list = useQueues();
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({
    open: false,
    id: null,
  });
  const [deleting, setDeleting] = useState<Row | null>(null);
  const queues: Row[] = list.data ?? [];

  const remove = async (queue: Row) => {
    try {
      await deleteQueue.mutateAsync({ params: { id: queue.id } });
      notify.success(t('queues.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('queues.title')}>
        <AddButton label={t('queues.add')} onClick={() => setEditing({ open: true, id: null })} />
      </PageHeader>
      <div className="min-h-0 flex-1 overflow-auto rounded-md border">
        <Table aria-label={t('queues.title')}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">{t('queues.id')}</TableHead>
              <TableHead>{t('queues.name')}</TableHead>
              <TableHead className="w-20 text-center">{t('queues.color')}</TableHead>
              <TableHead className="w-20 text-center">{t('queues.order')}</TableHead>
              <TableHead>{t('queues.greeting')}</TableHead>
              <TableHead className="w-28 text-right">{t('queues.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {queues.map((q) => (
              <TableRow key={q.id} aria-label={q.name}>
                <TableCell className="tabular-nums">{q.id}</TableCell>
                <TableCell className="font-medium">{q.name}</TableCell>
                <TableCell className="text-center">
                  <span
                    className="inline-block h-5 w-14 rounded border align-middle"
                    style={{ backgroundColor: q.color }}
                    title={q.color}
                    aria-label={q.color}
                    role="img"
                  />
                </TableCell>
                <TableCell className="text-center tabular-nums">{q.orderQueue ?? ''}</TableCell>
                <TableCell className="max-w-96 truncate" title={q.greetingMessage ?? ''}>
                  {q.greetingMessage ?? ''}
                </TableCell>
                <RowActionsCell
                  editLabel={t('queues.edit', { name: q.name })}
                  deleteLabel={t('queues.delete', { name: q.name })}
                  onEdit={() => setEditing({ open: true, id: q.id })}
                  onDelete={() => setDeleting(q)}
                />
              </TableRow>
            ))}
            <ListStatusRow
              colSpan={6}
              pending={list.isPending}
              empty={queues.length === 0}
              loadingText={t('queues.loading')}
              emptyText={t('queues.empty')}
            />
          </TableBody>
        </Table>
      </div>
      {editing.open ? (
        <QueueDialog
          open={editing.open}
          queueId={editing.id}
          onClose={() => setEditing((e) => ({ ...e, open: false }))}
        />
      ) : null}
      <ConfirmDialog
        open={!!deleting}
        title={t('queues.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        description={t('queues.confirmDelete')}
        confirmLabel={t('queues.confirm')}
        cancelLabel={t('queues.cancel')}
        destructive
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
