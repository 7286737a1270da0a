import { isAdministrator } from '@atendo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatusRow } from '@/components/list-status-row';
import { AddButton, InfiniteListFrame, ListSearch } from '@/components/list-page';
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
        <Table aria-label={t('fileLists.title')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('fileLists.name')}</TableHead>
              <TableHead>{t('fileLists.message')}</TableHead>
              <TableHead className="w-32 text-right">{t('fileLists.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((list) => (
              <TableRow key={list.id} aria-label={list.name} data-file-list-id={list.id}>
                <TableCell className="font-medium">{list.name}</TableCell>
                <TableCell className="max-w-md truncate text-muted-foreground">
                  {list.message ?? ''}
                </TableCell>
                <RowActionsCell
                  editLabel={t('fileLists.edit', { name: list.name })}
                  deleteLabel={t('fileLists.delete', { name: list.name })}
                  onEdit={() => setEditing({ open: true, id: list.id })}
                  onDelete={() => setDeleting(list)}
                />
              </TableRow>
            ))}
            <ListStatusRow
              colSpan={3}
              pending={query.isPending || query.isFetchingNextPage}
              empty={rows.length === 0}
              loadingText={t('fileLists.loading')}
              emptyText={t('fileLists.empty')}
            />
          </TableBody>
        </Table>
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
