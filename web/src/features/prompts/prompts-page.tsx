import { isAdministrator } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatusRow } from '@/components/list-status-row';
import { AddButton, InfiniteListFrame, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { PlanGate } from '@/components/plan-gate';
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
        <Table aria-label={t('prompts.title')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('prompts.name')}</TableHead>
              <TableHead>{t('prompts.queue')}</TableHead>
              <TableHead className="w-40">{t('prompts.maxTokens')}</TableHead>
              <TableHead className="w-32 text-right">{t('prompts.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((prompt) => (
              <TableRow key={prompt.id} aria-label={prompt.name} data-prompt-id={prompt.id}>
                <TableCell className="font-medium">{prompt.name}</TableCell>
                <TableCell>
                  {prompt.queue?.name ?? (
                    <span className="text-muted-foreground">{t('prompts.noQueue')}</span>
                  )}
                </TableCell>
                <TableCell>{prompt.maxTokens ?? ''}</TableCell>
                <RowActionsCell
                  editLabel={t('prompts.edit', { name: prompt.name })}
                  deleteLabel={t('prompts.delete', { name: prompt.name })}
                  onEdit={() => setEditing({ open: true, id: prompt.id })}
                  onDelete={() => setDeleting(prompt)}
                />
              </TableRow>
            ))}
            <ListStatusRow
              colSpan={4}
              pending={query.isPending || query.isFetchingNextPage}
              empty={rows.length === 0}
              loadingText={t('prompts.loading')}
              emptyText={t('prompts.empty')}
            />
          </TableBody>
        </Table>
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
