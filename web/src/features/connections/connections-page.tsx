import { canManageConnections, type Channel, type WhatsappView } from '@atendo/domain';
import { ArrowRightLeft, Check, LifeBuoy, RotateCcw } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, useListTable } from '@/components/data-table';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { ROW_ACTIONS_CELL, RowActions } from '@/components/row-actions';
import { Button } from '@/components/ui/button';
import { useCompany } from '@/features/shell/use-company';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { ChannelIcon } from './channel-icon';
import { ConnectionModal } from './connection-modal';
import { AddConnectionMenu, lastUpdate, useConnectChannel } from './add-connection-menu';
import { ImportState } from './import-state';
import { MigrationModal } from './migration-modal';
import { QrModal } from './qr-modal';
import { useConnections } from './queries';
import { ConnectionStatus, StatusActions } from './status-actions';
import { supportChatUrl } from './support';
import { formatPhoneNumber } from '@/lib/phone';

/**
 * /connections (docs/product/connections.md#screens): the company's connections with their live status and session
 * actions, restart, support, ticket migration and the new-connection menu gated by the plan.
 * Plain users without allowConnections see a no-permission screen.
 */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const deleteConnection = useRouteMutation('whatsappDelete');
  const restartSessions = useRouteMutation('sessionsRestart');
  const connectChannel = useConnectChannel();
  const user = permissionUser(useCurrentUser());
  const allowed = canManageConnections(user);
  const { plan } = useCompany();
  const list = useConnections();
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [modal, setModal] = useState<{ open: boolean; id: number | null; channel: Channel }>({
    open: false,
    id: null,
    channel: 'whatsapp',
  });
  const [migrating, setMigrating] = useState(false);
  const [deleting, setDeleting] = useState<WhatsappView | null>(null);
  const closeQr = useCallback(() => setQrFor(null), []);
  const connections = list.data ?? [];
  // Everyone reaching this page may act (admins or allowConnections), as the spec's columns say.
  const showActions = allowed;
  const columns = useMemo<ColumnDef<WhatsappView, unknown>[]>(
    () => [
      {
        id: 'channel',
        header: t('connections.columns.channel'),
        cell: ({ row }) => <ChannelIcon channel={row.original.channel} />,
        meta: { headClassName: 'w-16' },
      },
      {
        id: 'name',
        header: t('connections.columns.name'),
        cell: ({ row }) => row.original.name,
        meta: { cellClassName: 'font-medium' },
      },
      {
        id: 'number',
        header: t('connections.columns.number'),
        cell: ({ row }) => formatPhoneNumber(row.original.number),
      },
      {
        id: 'status',
        header: t('connections.columns.status'),
        cell: ({ row }) => (
          <>
            <ConnectionStatus status={row.original.status} reason={row.original.statusReason} />
            <ImportState connection={row.original} />
          </>
        ),
      },
      ...(showActions
        ? [
            {
              id: 'session',
              header: t('connections.columns.session'),
              cell: ({ row }) => <StatusActions connection={row.original} onShowQr={setQrFor} />,
            } satisfies ColumnDef<WhatsappView, unknown>,
          ]
        : []),
      {
        id: 'lastUpdate',
        header: t('connections.columns.lastUpdate'),
        cell: ({ row }) => lastUpdate(row.original.updatedAt),
        meta: { cellClassName: 'whitespace-nowrap tabular-nums' },
      },
      {
        id: 'default',
        header: t('connections.columns.default'),
        cell: ({ row }) =>
          row.original.isDefault ? (
            <Check
              className="inline size-5 text-green-600"
              aria-label={t('connections.isDefault')}
              role="img"
            />
          ) : null,
        meta: { headClassName: 'text-center', cellClassName: 'text-center' },
      },
      ...(showActions
        ? [
            {
              id: 'actions',
              header: t('connections.columns.actions'),
              cell: ({ row }) => (
                <RowActions
                  editLabel={t('connections.buttons.edit', { name: row.original.name })}
                  deleteLabel={t('connections.buttons.delete', { name: row.original.name })}
                  onEdit={() =>
                    setModal({
                      open: true,
                      id: row.original.id,
                      channel: row.original.channel as Channel,
                    })
                  }
                  onDelete={() => setDeleting(row.original)}
                />
              ),
              meta: { headClassName: 'text-right', cellClassName: ROW_ACTIONS_CELL },
            } satisfies ColumnDef<WhatsappView, unknown>,
          ]
        : []),
    ],
    [t, showActions],
  );
  const table = useListTable({ data: connections, columns, getRowId: (w) => String(w.id) });

  if (!allowed) {
    return (
      <div className="p-6">
        <PageHeader title={t('connections.title')} />
        <p role="alert" className="text-muted-foreground">
          {t('connections.noPermission')}
        </p>
      </div>
    );
  }

  const restart = async () => {
    try {
      await restartSessions.mutateAsync({});
      notify.success(t('connections.restarted'));
    } catch (err) {
      toastError(err);
    }
  };

  const remove = async (w: WhatsappView) => {
    try {
      await deleteConnection.mutateAsync({ params: { id: w.id } });
      notify.success(t('connections.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  const addConnection = async (channel: Channel) => {
    try {
      const added = await connectChannel(channel);
      if (added === 'form') setModal({ open: true, id: null, channel });
    } catch (err) {
      toastError(err);
    }
  };

  const support = supportChatUrl();

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('connections.title')}>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" onClick={() => void restart()}>
            <RotateCcw />
            {t('connections.restart')}
          </Button>
          {support ? (
            <Button variant="outline" asChild>
              <a href={support} target="_blank" rel="noreferrer">
                <LifeBuoy />
                {t('connections.support')}
              </a>
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => setMigrating(true)}>
            <ArrowRightLeft />
            {t('connections.migrate')}
          </Button>
          <AddConnectionMenu plan={plan} onAdd={(channel) => void addConnection(channel)} />
        </div>
      </PageHeader>
      <div className="min-h-0 flex-1 overflow-auto rounded-md border">
        <DataTable
          table={table}
          label={t('connections.title')}
          rowProps={(w) => ({ 'data-connection-id': w.id, 'aria-label': w.name })}
          status={{
            pending: list.isPending,
            loadingText: t('connections.loading'),
            emptyText: t('connections.empty'),
          }}
        />
      </div>
      <QrModal whatsappId={qrFor} onClose={closeQr} />
      {/* Mounted while open only: its pickers and settings are read when it is used. */}
      {modal.open ? (
        <ConnectionModal
          open={modal.open}
          whatsappId={modal.id}
          channel={modal.channel}
          onClose={() => setModal((m) => ({ ...m, open: false }))}
        />
      ) : null}
      <MigrationModal
        open={migrating}
        onClose={() => setMigrating(false)}
        connections={connections}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t('connections.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        description={t('connections.confirmDelete')}
        confirmLabel={t('connections.confirm')}
        cancelLabel={t('connections.cancel')}
        destructive
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
