import { isAdministrator } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, useListTable } from '@/components/data-table';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AddButton, InfiniteListFrame, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { PlanGate } from '@/components/plan-gate';
import { ROW_ACTIONS_CELL, RowActions } from '@/components/row-actions';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { toastError } from '@/lib/errors';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { useUrlSearch } from '@/lib/use-url-search';
import { PromptDialog } from './prompt-dialog';
import { promptKeys, usePromptsInfinite, type PromptRow } from './queries';
import { promptSocketBinding } from './realtime';

const BINDINGS = [promptSocketBinding] as const;

/**
 * /prompts (docs/product/queues-and-chatbots.md Prompts page): search, add, and the company's AI prompts by name with their
 * queue and max tokens, each edited or deleted. Needs the plan's useOpenAi (otherwise an error
 * toast and home after a second); admins only, as the api: a profile user sees the no-access
 * view.
 */
export function PromptsPage() {
  return (
    <PlanGate feature="useOpenAi">
      <AdminsOnly />
    </PlanGate>
  );
}

function AdminsOnly() {
  const user = permissionUser(useCurrentUser());
  if (!isAdministrator(user)) return <ForbiddenPage />;
  return <PromptsTable />;
}

function PromptsTable() {
  const { t } = useTranslation();
  const client = useQueryClient();
  useSocketCache(BINDINGS);
  const deletePrompt = useRouteMutation('promptsDelete');
  const [search, setSearch, searchParam] = useUrlSearch();
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({
    open: false,
    id: null,
  });
  const [deleting, setDeleting] = useState<PromptRow | null>(null);
  const query = usePromptsInfinite(searchParam);
  const rows = query.data?.pages.flatMap((p) => p.prompts) ?? [];
  const columns = useMemo<ColumnDef<PromptRow, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('prompts.name'),
        cell: ({ row }) => row.original.name,
        meta: { cellClassName: 'font-medium' },
      },
      {
        id: 'queue',
        header: t('prompts.queue'),
        cell: ({ row }) =>
          row.original.queue?.name ?? (
            <span className="text-muted-foreground">{t('prompts.noQueue')}</span>
          ),
      },
      {
        id: 'maxTokens',
        header: t('prompts.maxTokens'),
        cell: ({ row }) => row.original.maxTokens ?? '',
        meta: { headClassName: 'w-40' },
      },
      {
        id: 'actions',
        header: t('prompts.actions'),
        cell: ({ row }) => (
          <RowActions
            editLabel={t('prompts.edit', { name: row.original.name })}
            deleteLabel={t('prompts.delete', { name: row.original.name })}
            onEdit={() => setEditing({ open: true, id: row.original.id })}
            onDelete={() => setDeleting(row.original)}
          />
        ),
        meta: { headClassName: 'w-32 text-right', cellClassName: ROW_ACTIONS_CELL },
      },
    ],
    [t],
  );
  const table = useListTable({ data: rows, columns, getRowId: (p) => String(p.id) });

  const remove = async (prompt: PromptRow) => {
    try {
      await deletePrompt.mutateAsync({ params: { id: prompt.id } });
      notify.success(t('prompts.deleted'));
      client.removeQueries({ queryKey: promptKeys.detail(prompt.id), exact: true });
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('prompts.title')}>
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t('prompts.search')} value={search} onChange={setSearch} />
          <AddButton
            label={t('prompts.add')}
            onClick={() => setEditing({ open: true, id: null })}
          />
        </div>
      </PageHeader>
      <InfiniteListFrame list={query}>
        <DataTable
          table={table}
          label={t('prompts.title')}
          rowProps={(prompt) => ({ 'aria-label': prompt.name, 'data-prompt-id': prompt.id })}
          status={{
            pending: query.isPending || query.isFetchingNextPage,
            loadingText: t('prompts.loading'),
            emptyText: t('prompts.empty'),
          }}
        />
      </InfiniteListFrame>
      <PromptDialog
        open={editing.open}
        promptId={editing.id}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t('prompts.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        description={t('prompts.confirmDelete')}
        confirmLabel={t('prompts.confirm')}
        cancelLabel={t('prompts.cancel')}
        destructive
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
