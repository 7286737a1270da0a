import { isAdministrator } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Bot, MessageSquareCode, Puzzle, Webhook, Workflow, type LucideIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, useListTable } from '@/components/data-table';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AddButton, InfiniteListFrame, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { PlanGate } from '@/components/plan-gate';
import { ROW_ACTIONS_CELL, RowActions } from '@/components/row-actions';
import { Badge } from '@/components/ui/badge';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { toastError } from '@/lib/errors';
import { translateRuntimeKey } from '@/lib/i18n';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { useUrlSearch } from '@/lib/use-url-search';
import { QueueIntegrationDialog } from './queue-integration-dialog';
import {
  queueIntegrationKeys,
  useQueueIntegrationsInfinite,
  type QueueIntegrationRow,
} from './queries';
import { queueIntegrationSocketBinding } from './realtime';

const BINDINGS = [queueIntegrationSocketBinding] as const;

/** Each type's small icon in the table. */
const TYPE_ICONS: Record<string, LucideIcon> = {
  dialogflow: Bot,
  n8n: Workflow,
  webhook: Webhook,
  typebot: MessageSquareCode,
};

/**
 * /queue-integration (docs/product/queues-and-chatbots.md Integrations page): search, add, and the company's chatbot
 * integrations (Dialogflow, n8n, webhook, Typebot) by name, each edited or deleted. Needs the
 * plan's useIntegrations (otherwise an error toast and home after a second); admins only, as
 * the api: a profile user sees the no-access view.
 */
export function QueueIntegrationsPage() {
  return (
    <PlanGate feature="useIntegrations">
      <AdminsOnly />
    </PlanGate>
  );
}

function AdminsOnly() {
  const user = permissionUser(useCurrentUser());
  if (!isAdministrator(user)) return <ForbiddenPage />;
  return <QueueIntegrationsTable />;
}

/** An integration's type: its icon and name. */
function TypeLabel({ type }: { type: string }) {
  const Icon = TYPE_ICONS[type] ?? Puzzle;
  return (
    <Badge variant="outline" data-type={type}>
      <Icon aria-hidden className="size-3.5" />
      {translateRuntimeKey(`queueIntegrations.types.${type}`) ?? type}
    </Badge>
  );
}

function QueueIntegrationsTable() {
  const { t } = useTranslation();
  const client = useQueryClient();
  useSocketCache(BINDINGS);
  const deleteIntegration = useRouteMutation('queueIntegrationsDelete');
  const [search, setSearch, searchParam] = useUrlSearch();
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({
    open: false,
    id: null,
  });
  const [deleting, setDeleting] = useState<QueueIntegrationRow | null>(null);
  const query = useQueueIntegrationsInfinite(searchParam);
  const rows = query.data?.pages.flatMap((p) => p.queueIntegrations) ?? [];
  const columns = useMemo<ColumnDef<(typeof rows)[number], unknown>[]>(
    () => [
      {
        id: 'type',
        header: t('queueIntegrations.type'),
        cell: ({ row }) => <TypeLabel type={row.original.type} />,
        meta: { headClassName: 'w-40' },
      },
      {
        id: 'name',
        header: t('queueIntegrations.name'),
        cell: ({ row }) => row.original.name,
        meta: { cellClassName: 'font-medium' },
      },
      {
        id: 'actions',
        header: t('queueIntegrations.actions'),
        cell: ({ row }) => (
          <RowActions
            editLabel={t('queueIntegrations.edit', { name: row.original.name })}
            deleteLabel={t('queueIntegrations.delete', { name: row.original.name })}
            onEdit={() => setEditing({ open: true, id: row.original.id })}
            onDelete={() => setDeleting(row.original)}
          />
        ),
        meta: { headClassName: 'w-32 text-right', cellClassName: ROW_ACTIONS_CELL },
      },
    ],
    [t],
  );
  const table = useListTable({ data: rows, columns, getRowId: (i) => String(i.id) });

  const remove = async (integration: QueueIntegrationRow) => {
    try {
      await deleteIntegration.mutateAsync({ params: { id: integration.id } });
      notify.success(t('queueIntegrations.deleted'));
      client.removeQueries({
        queryKey: queueIntegrationKeys.detail(integration.id),
        exact: true,
      });
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('queueIntegrations.title')}>
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t('queueIntegrations.search')} value={search} onChange={setSearch} />
          <AddButton
            label={t('queueIntegrations.add')}
            onClick={() => setEditing({ open: true, id: null })}
          />
        </div>
      </PageHeader>
      <InfiniteListFrame list={query}>
        <DataTable
          table={table}
          label={t('queueIntegrations.title')}
          rowProps={(integration) => ({
            'aria-label': integration.name,
            'data-queue-integration-id': integration.id,
          })}
          status={{
            pending: query.isPending || query.isFetchingNextPage,
            loadingText: t('queueIntegrations.loading'),
            emptyText: t('queueIntegrations.empty'),
          }}
        />
      </InfiniteListFrame>
      <QueueIntegrationDialog
        open={editing.open}
        integrationId={editing.id}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t('queueIntegrations.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        description={t('queueIntegrations.confirmDelete')}
        confirmLabel={t('queueIntegrations.confirm')}
        cancelLabel={t('queueIntegrations.cancel')}
        destructive
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
