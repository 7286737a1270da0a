import { canManageConnections, type Channel, type WhatsappView } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRightLeft, Check, LifeBuoy, RotateCcw } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatusRow } from '@/components/list-status-row';
import { PageHeader } from '@/components/page-header';
import { RowActionsCell } from '@/components/row-actions';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useCompany } from '@/features/shell/use-company';
import { api } from '@/lib/api';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { ChannelIcon } from './channel-icon';
import { ConnectionModal } from './connection-modal';
import { AddConnectionMenu, connectChannel, lastUpdate } from './add-connection-menu';
import { ImportState } from './import-state';
import { MigrationModal } from './migration-modal';
import { QrModal } from './qr-modal';
import { connectionKeys, useConnections } from './queries';
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
  const client = useQueryClient();
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
      await api.call('sessionsRestart');
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
      if (added === 'connected')
        void client.invalidateQueries({ queryKey: connectionKeys.lists() });
    } catch (err) {
      toastError(err);
    }
  };

  const connections = list.data ?? [];
  const support = supportChatUrl();
  // Everyone reaching this page may act (admins or allowConnections), as the spec's columns say.
  const showActions = allowed;
  const columns = showActions ? 8 : 6;

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
        <Table aria-label={t('connections.title')}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">{t('connections.columns.channel')}</TableHead>
              <TableHead>{t('connections.columns.name')}</TableHead>
              <TableHead>{t('connections.columns.number')}</TableHead>
              <TableHead>{t('connections.columns.status')}</TableHead>
              {showActions ? <TableHead>{t('connections.columns.session')}</TableHead> : null}
              <TableHead>{t('connections.columns.lastUpdate')}</TableHead>
              <TableHead className="text-center">{t('connections.columns.default')}</TableHead>
              {showActions ? (
                <TableHead className="text-right">{t('connections.columns.actions')}</TableHead>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {connections.map((w) => (
              <TableRow key={w.id} data-connection-id={w.id} aria-label={w.name}>
                <TableCell>
                  <ChannelIcon channel={w.channel} />
                </TableCell>
                <TableCell className="font-medium">{w.name}</TableCell>
                <TableCell>{formatPhoneNumber(w.number)}</TableCell>
                <TableCell>
                  <ConnectionStatus status={w.status} reason={w.statusReason} />
                  <ImportState connection={w} />
                </TableCell>
                {showActions ? (
                  <TableCell>
                    <StatusActions connection={w} onShowQr={setQrFor} />
                  </TableCell>
                ) : null}
                <TableCell className="whitespace-nowrap tabular-nums">
                  {lastUpdate(w.updatedAt)}
                </TableCell>
                <TableCell className="text-center">
                  {w.isDefault ? (
                    <Check
                      className="inline size-5 text-green-600"
                      aria-label={t('connections.isDefault')}
                      role="img"
                    />
                  ) : null}
                </TableCell>
                {showActions ? (
                  <RowActionsCell
                    editLabel={t('connections.buttons.edit', { name: w.name })}
                    deleteLabel={t('connections.buttons.delete', { name: w.name })}
                    onEdit={() => setModal({ open: true, id: w.id, channel: w.channel as Channel })}
                    onDelete={() => setDeleting(w)}
                  />
                ) : null}
              </TableRow>
            ))}
            <ListStatusRow
              colSpan={columns}
              pending={list.isPending}
              empty={connections.length === 0}
              loadingText={t('connections.loading')}
              emptyText={t('connections.empty')}
            />
          </TableBody>
        </Table>
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
