import { isSuper, type AnnouncementView } from '@atendo/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, DataTableToolbar, useDataTable } from '@/components/data-table';
import { AddButton, InfiniteListFrame } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { useDeniedRedirect } from '@/components/plan-gate';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDebounced } from '@/features/tickets/list/use-debounced';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-url-search';
import { cn } from '@/lib/utils';
import { AnnouncementDialog } from './announcement-dialog';
import { PRIORITY_DOT, priorityKey } from './announcement-priority';
import { useAnnouncementsLive } from './live';
import { useAnnouncementsInfinite } from './queries';

/**
 * /announcements (super admin only; others get the redirect toast and go home after 1 s):
 * search (in the URL, sent 500 ms after the last keystroke), the table loaded page after page
 * as it scrolls, the add/edit dialog and the delete confirmation, kept live.
 */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const deleteAnnouncement = useRouteMutation('announcementsDelete');
  const me = useCurrentUser();
  const allowed = isSuper(me);
  useDeniedRedirect(true, allowed);
  useAnnouncementsLive();
  const [editing, setEditing] = useState<{ open: boolean; record: AnnouncementView | null }>({
    open: false,
    record: null,
  });
  const [deleting, setDeleting] = useState<AnnouncementView | null>(null);

  const columns = useMemo<ColumnDef<AnnouncementView, unknown>[]>(
    () => [
      {
        id: 'title',
        header: t('announcements.colTitle'),
        cell: ({ row }) => <span className="font-medium">{row.original.title}</span>,
      },
      {
        id: 'priority',
        header: t('announcements.priority'),
        cell: ({ row }) => (
          <span className="inline-flex items-center gap-2">
            <span
              aria-hidden
              className={cn('size-2.5 rounded-full', PRIORITY_DOT[row.original.priority])}
            />
            {t(priorityKey(row.original.priority))}
          </span>
        ),
      },
      {
        id: 'media',
        header: t('announcements.media'),
        cell: ({ row }) =>
          row.original.mediaName ? (
            <span className="block max-w-56 truncate" title={row.original.mediaName}>
              {row.original.mediaName}
            </span>
          ) : (
            <span className="text-muted-foreground">{t('announcements.noMedia')}</span>
          ),
      },
      {
        id: 'status',
        header: t('announcements.status'),
        cell: ({ row }) => (
          <Badge variant={row.original.status ? 'default' : 'outline'}>
            {row.original.status ? t('announcements.active') : t('announcements.inactive')}
          </Badge>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('announcements.actions')}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end">
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('announcements.edit', { title: row.original.title })}
              onClick={() => setEditing({ open: true, record: row.original })}
            >
              <Pencil />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('announcements.delete', { title: row.original.title })}
              onClick={() => setDeleting(row.original)}
            >
              <Trash2 />
            </Button>
          </div>
        ),
      },
    ],
    [t],
  );

  // The table's search box lives in the URL (?search=); the api is asked once typing settles.
  const [params] = useSearchParams();
  const searchParam = useDebounced((params.get('search') ?? '').trim(), SEARCH_DEBOUNCE_MS);
  const list = useAnnouncementsInfinite(searchParam, allowed);
  const records = useMemo(() => list.data?.pages.flatMap((p) => p.records) ?? [], [list.data]);
  // The api pages and searches: the table shows every loaded row as it is.
  const table = useDataTable({
    data: records,
    columns,
    rowCount: records.length,
    getRowId: (row) => String(row.id),
  });

  const remove = async (record: AnnouncementView) => {
    try {
      await deleteAnnouncement.mutateAsync({ params: { id: record.id } });
      notify.success(t('announcements.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  if (!allowed) return null;
  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('announcements.title')}>
        <AddButton
          label={t('announcements.add')}
          onClick={() => setEditing({ open: true, record: null })}
        />
      </PageHeader>
      <div className="mb-4">
        <DataTableToolbar table={table} searchPlaceholder={t('announcements.search')} />
      </div>
      <InfiniteListFrame list={list}>
        <DataTable
          table={table}
          label={t('announcements.title')}
          isLoading={list.isPending || list.isFetchingNextPage}
          emptyText={t('announcements.empty')}
        />
      </InfiniteListFrame>
      <AnnouncementDialog
        open={editing.open}
        record={editing.record}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ConfirmDialog
        confirmLabel={t('announcements.confirm')}
        cancelLabel={t('announcements.cancel')}
        destructive
        open={!!deleting}
        title={t('announcements.confirmDeleteTitle', { title: deleting?.title ?? '' })}
        description={t('announcements.confirmDelete')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
