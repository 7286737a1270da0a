import { isAdministrator, type QuickMessageView } from '@atendo/domain';
import { CheckCircle2, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, useListTable } from '@/components/data-table';
import { AddButton, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { loadMoreNearBottom } from '@/lib/infinite-scroll';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { toastError } from '@/lib/errors';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useUrlSearch } from '@/lib/use-url-search';
import { QuickMessageDialog, type Editor } from './quick-message-dialog';
import { useQuickMessagesInfinite } from './queries';
import { quickMessageSocketBinding } from './realtime';

const BINDINGS = [quickMessageSocketBinding] as const;

/** /quick-messages: search, add, and the table of the quick replies the user sees. */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const editor: Editor = { userId: me.id, isAdmin: isAdministrator(me) };
  useSocketCache(BINDINGS);
  const deleteMessage = useRouteMutation('quickMessagesDelete');
  const [search, setSearch, searchParam] = useUrlSearch();
  const [editing, setEditing] = useState<{ open: boolean; record: QuickMessageView | null }>({
    open: false,
    record: null,
  });
  const [deleting, setDeleting] = useState<QuickMessageView | null>(null);
  const list = useQuickMessagesInfinite(searchParam);
  const records = list.data?.pages.flatMap((p) => p.records) ?? [];
  const canDelete = (record: QuickMessageView) => record.userId === me.id || editor.isAdmin;
  const columns: ColumnDef<QuickMessageView, unknown>[] = [
    {
      id: 'shortcode',
      header: t('quickMessages.shortcode'),
      cell: ({ row }) => row.original.shortcode,
      meta: { cellClassName: 'font-medium' },
    },
    {
      id: 'media',
      header: t('quickMessages.media'),
      cell: ({ row }) => row.original.mediaName ?? t('quickMessages.noMedia'),
      meta: { cellClassName: (record) => (record.mediaName ? '' : 'text-muted-foreground') },
    },
    {
      id: 'geral',
      header: t('quickMessages.geral'),
      cell: ({ row }) =>
        row.original.geral ? (
          <CheckCircle2
            className="inline size-5 text-green-600"
            aria-label={t('quickMessages.shared')}
          />
        ) : null,
      meta: { headClassName: 'w-24 text-center', cellClassName: 'text-center' },
    },
    {
      id: 'actions',
      header: t('quickMessages.actions'),
      cell: ({ row }) => (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('quickMessages.edit')}
            onClick={() => setEditing({ open: true, record: row.original })}
          >
            <Pencil />
          </Button>
          {canDelete(row.original) ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('quickMessages.delete')}
              onClick={() => setDeleting(row.original)}
            >
              <Trash2 />
            </Button>
          ) : null}
        </>
      ),
      meta: { headClassName: 'w-32 text-right', cellClassName: 'text-right whitespace-nowrap' },
    },
  ];
  const table = useListTable({ data: records, columns, getRowId: (r) => String(r.id) });

  const onScroll = loadMoreNearBottom(list);

  const remove = async (record: QuickMessageView) => {
    try {
      await deleteMessage.mutateAsync({ params: { id: record.id } });
      notify.success(t('quickMessages.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('quickMessages.title')}>
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t('quickMessages.search')} value={search} onChange={setSearch} />
          <AddButton
            label={t('quickMessages.add')}
            onClick={() => setEditing({ open: true, record: null })}
          />
        </div>
      </PageHeader>
      <div className="min-h-0 flex-1 overflow-auto rounded-md border" onScroll={onScroll}>
        <DataTable
          table={table}
          label={t('quickMessages.title')}
          status={{
            pending: list.isPending || list.isFetchingNextPage,
            loadingText: t('quickMessages.loading'),
            emptyText: t('quickMessages.empty'),
          }}
        />
      </div>
      <QuickMessageDialog
        open={editing.open}
        record={editing.record}
        editor={editor}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ConfirmDialog
        confirmLabel={t('tags.confirm')}
        cancelLabel={t('tags.cancel')}
        destructive
        open={!!deleting}
        title={t('quickMessages.confirmDeleteTitle', { shortcode: deleting?.shortcode ?? '' })}
        description={t('quickMessages.confirmDelete')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
