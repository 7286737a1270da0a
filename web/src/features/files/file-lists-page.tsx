import { isAdministrator } from '@atendo/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, useListTable } from '@/components/data-table';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AddButton, InfiniteListFrame, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { ROW_ACTIONS_CELL, RowActions } from '@/components/row-actions';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { toastError } from '@/lib/errors';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { useUrlSearch } from '@/lib/use-url-search';
import { FileListDialog } from './file-list-dialog';
import { useFileListsInfinite, type FileListRow } from './queries';
import { fileListSocketBinding } from './realtime';

const BINDINGS = [fileListSocketBinding] as const;

/**
 * /files (docs/product/queues-and-chatbots.md Files page): search, add, and the company's file lists by name, each edited
 * (name, message and files) or deleted. Admins only: a profile user sees the no-access view.
 */
export function FileListsPage() {
  const user = permissionUser(useCurrentUser());
  if (!isAdministrator(user)) return <ForbiddenPage />;
  return <FileListsTable />;
}

function FileListsTable() {
  const { t } = useTranslation();
  useSocketCache(BINDINGS);
  const deleteList = useRouteMutation('filesDelete');
  const [search, setSearch, searchParam] = useUrlSearch();
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({
    open: false,
    id: null,
  });
  const [deleting, setDeleting] = useState<FileListRow | null>(null);
  const query = useFileListsInfinite(searchParam);
  const rows = query.data?.pages.flatMap((p) => p.files) ?? [];
  const columns = useMemo<ColumnDef<FileListRow, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('fileLists.name'),
        cell: ({ row }) => row.original.name,
        meta: { cellClassName: 'font-medium' },
      },
      {
        id: 'message',
        header: t('fileLists.message'),
        cell: ({ row }) => row.original.message ?? '',
        meta: { cellClassName: 'max-w-md truncate text-muted-foreground' },
      },
      {
        id: 'actions',
        header: t('fileLists.actions'),
        cell: ({ row }) => (
          <RowActions
            editLabel={t('fileLists.edit', { name: row.original.name })}
            deleteLabel={t('fileLists.delete', { name: row.original.name })}
            onEdit={() => setEditing({ open: true, id: row.original.id })}
            onDelete={() => setDeleting(row.original)}
          />
        ),
        meta: { headClassName: 'w-32 text-right', cellClassName: ROW_ACTIONS_CELL },
      },
    ],
    [t],
  );
  const table = useListTable({ data: rows, columns, getRowId: (l) => String(l.id) });

  const remove = async (list: FileListRow) => {
    try {
      await deleteList.mutateAsync({ params: { id: list.id } });
      notify.success(t('fileLists.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('fileLists.title')}>
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t('fileLists.search')} value={search} onChange={setSearch} />
          <AddButton
            label={t('fileLists.add')}
            onClick={() => setEditing({ open: true, id: null })}
          />
        </div>
      </PageHeader>
      <InfiniteListFrame list={query}>
        <DataTable
          table={table}
          label={t('fileLists.title')}
          rowProps={(list) => ({ 'aria-label': list.name, 'data-file-list-id': list.id })}
          status={{
            pending: query.isPending || query.isFetchingNextPage,
            loadingText: t('fileLists.loading'),
            emptyText: t('fileLists.empty'),
          }}
        />
      </InfiniteListFrame>
      <FileListDialog
        open={editing.open}
        fileListId={editing.id}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t('fileLists.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        description={t('fileLists.confirmDelete')}
        confirmLabel={t('fileLists.confirm')}
        cancelLabel={t('fileLists.cancel')}
        destructive
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
