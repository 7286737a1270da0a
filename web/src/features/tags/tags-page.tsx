import type { TagRowView } from '@atendo/domain';
import { Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, useListTable } from '@/components/data-table';
import { ROW_ACTIONS_CELL, RowActions } from '@/components/row-actions';
import { AddButton, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { loadMoreNearBottom } from '@/lib/infinite-scroll';
import { toastError } from '@/lib/errors';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useTagsInfinite } from './queries';
import { tagSocketBinding } from './realtime';
import { TagContactsDialog } from './tag-contacts-dialog';
import { TagDialog } from './tag-dialog';
import { useUrlSearch } from '@/lib/use-url-search';

const BINDINGS = [tagSocketBinding] as const;

/** A tag's name on its colour, readable on light and dark colours. */
export function TagChip({ name, color }: { name: string; color: string | null }) {
  return (
    <span
      className="inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold text-white [text-shadow:0_0_2px_rgb(0_0_0/0.7)]"
      style={{ backgroundColor: color ?? '#9e9e9e' }}
    >
      {name}
    </span>
  );
}

/** /tags: search, add, and the infinitely scrolling table of tags with their contacts. */
export function TagsPage() {
  const { t } = useTranslation();
  useSocketCache(BINDINGS);
  const deleteTag = useRouteMutation('tagsDelete');
  const [search, setSearch, searchParam] = useUrlSearch();
  const [editing, setEditing] = useState<{ open: boolean; tag: TagRowView | null }>({
    open: false,
    tag: null,
  });
  const [showContacts, setShowContacts] = useState<TagRowView | null>(null);
  const [deleting, setDeleting] = useState<TagRowView | null>(null);
  const list = useTagsInfinite(searchParam);
  const tags = list.data?.pages.flatMap((p) => p.tags) ?? [];
  const columns = useMemo<ColumnDef<TagRowView, unknown>[]>(
    () => [
      {
        id: 'id',
        header: t('tags.id'),
        cell: ({ row }) => row.original.id,
        meta: { headClassName: 'w-20' },
      },
      {
        id: 'name',
        header: t('tags.name'),
        cell: ({ row }) => <TagChip name={row.original.name} color={row.original.color} />,
      },
      {
        id: 'contacts',
        header: t('tags.contacts'),
        cell: ({ row }) => (
          <>
            <span className="mr-2 tabular-nums">{row.original.contactsCount}</span>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('tags.viewContacts', { name: row.original.name })}
              onClick={() => setShowContacts(row.original)}
            >
              <Users />
            </Button>
          </>
        ),
        meta: { headClassName: 'w-40 text-center', cellClassName: 'text-center' },
      },
      {
        id: 'actions',
        header: t('tags.actions'),
        cell: ({ row }) => (
          <RowActions
            editLabel={t('tags.edit')}
            deleteLabel={t('tags.delete')}
            onEdit={() => setEditing({ open: true, tag: row.original })}
            onDelete={() => setDeleting(row.original)}
          />
        ),
        meta: { headClassName: 'w-32 text-right', cellClassName: ROW_ACTIONS_CELL },
      },
    ],
    [t],
  );
  const table = useListTable({ data: tags, columns, getRowId: (tag) => String(tag.id) });

  const onScroll = loadMoreNearBottom(list);

  const remove = async (tag: TagRowView) => {
    try {
      await deleteTag.mutateAsync({ params: { id: tag.id } });
      notify.success(t('tags.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('tags.title')}>
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t('tags.search')} value={search} onChange={setSearch} />
          <AddButton label={t('tags.add')} onClick={() => setEditing({ open: true, tag: null })} />
        </div>
      </PageHeader>
      <div
        className="min-h-0 flex-1 overflow-auto rounded-md border"
        onScroll={onScroll}
        data-testid="tags-scroll"
      >
        <DataTable
          table={table}
          label={t('tags.title')}
          status={{
            pending: list.isPending || list.isFetchingNextPage,
            loadingText: t('tags.loading'),
            emptyText: t('tags.empty'),
          }}
        />
      </div>
      <TagDialog
        open={editing.open}
        tag={editing.tag}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <TagContactsDialog tag={showContacts} onClose={() => setShowContacts(null)} />
      <ConfirmDialog
        confirmLabel={t('tags.confirm')}
        cancelLabel={t('tags.cancel')}
        destructive
        open={!!deleting}
        title={t('tags.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        description={t('tags.confirmDelete')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
