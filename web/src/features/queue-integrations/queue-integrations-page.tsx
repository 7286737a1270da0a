import { isAdministrator } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Bot, MessageSquareCode, Puzzle, Webhook, Workflow, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatusRow } from '@/components/list-status-row';
import { AddButton, InfiniteListFrame, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { PlanGate } from '@/components/plan-gate';
import { RowActionsCell } from '@/components/row-actions';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
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
        <Table aria-label={t('queueIntegrations.title')}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-40">{t('queueIntegrations.type')}</TableHead>
              <TableHead>{t('queueIntegrations.name')}</TableHead>
              <TableHead className="w-32 text-right">{t('queueIntegrations.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((integration) => (
              <TableRow
                key={integration.id}
                aria-label={integration.name}
                data-queue-integration-id={integration.id}
              >
                <TableCell>
                  <TypeLabel type={integration.type} />
                </TableCell>
                <TableCell className="font-medium">{integration.name}</TableCell>
                <RowActionsCell
                  editLabel={t('queueIntegrations.edit', { name: integration.name })}
                  deleteLabel={t('queueIntegrations.delete', { name: integration.name })}
                  onEdit={() => setEditing({ open: true, id: integration.id })}
                  onDelete={() => setDeleting(integration)}
                />
              </TableRow>
            ))}
            <ListStatusRow
              colSpan={3}
              pending={query.isPending || query.isFetchingNextPage}
              empty={rows.length === 0}
              loadingText={t('queueIntegrations.loading')}
              emptyText={t('queueIntegrations.empty')}
            />
          </TableBody>
        </Table>
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
