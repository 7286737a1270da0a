import { canAdministrate, type QueueView } from '@atendo/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, useListTable } from '@/components/data-table';
import { AddButton } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { ROW_ACTIONS_CELL, RowActions } from '@/components/row-actions';
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
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'id',
        header: t('queues.id'),
        cell: ({ row }) => row.original.id,
        meta: { headClassName: 'w-16', cellClassName: 'tabular-nums' },
      },
      {
        id: 'name',
        header: t('queues.name'),
        cell: ({ row }) => row.original.name,
        meta: { cellClassName: 'font-medium' },
      },
      {
        id: 'color',
        header: t('queues.color'),
        cell: ({ row }) => (
          <span
            className="inline-block h-5 w-14 rounded border align-middle"
            style={{ backgroundColor: row.original.color }}
            title={row.original.color}
            aria-label={row.original.color}
            role="img"
          />
        ),
        meta: { headClassName: 'w-20 text-center', cellClassName: 'text-center' },
      },
      {
        id: 'order',
        header: t('queues.order'),
        cell: ({ row }) => row.original.orderQueue ?? '',
        meta: { headClassName: 'w-20 text-center', cellClassName: 'text-center tabular-nums' },
      },
      {
        id: 'greeting',
        header: t('queues.greeting'),
        cell: ({ row }) => row.original.greetingMessage ?? '',
        meta: { cellClassName: 'max-w-96 truncate', cellTitle: (q) => q.greetingMessage ?? '' },
      },
      {
        id: 'actions',
        header: t('queues.actions'),
        cell: ({ row }) => (
          <RowActions
            editLabel={t('queues.edit', { name: row.original.name })}
            deleteLabel={t('queues.delete', { name: row.original.name })}
            onEdit={() => setEditing({ open: true, id: row.original.id })}
            onDelete={() => setDeleting(row.original)}
          />
        ),
        meta: { headClassName: 'w-28 text-right', cellClassName: ROW_ACTIONS_CELL },
      },
    ],
    [t],
  );
  const table = useListTable({ data: queues, columns, getRowId: (q) => String(q.id) });

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
        <DataTable
          table={table}
          label={t('queues.title')}
          rowProps={(q) => ({ 'aria-label': q.name })}
          status={{
            pending: list.isPending,
            loadingText: t('queues.loading'),
            emptyText: t('queues.empty'),
          }}
        />
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
