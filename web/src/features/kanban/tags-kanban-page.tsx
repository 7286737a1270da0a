import type { TagRowView } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, useListTable } from '@/components/data-table';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AddButton, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { PlanGate } from '@/components/plan-gate';
import { ROW_ACTIONS_CELL, RowActions } from '@/components/row-actions';
import { Button } from '@/components/ui/button';
import { TagChip } from '@/features/tags/tags-page';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { loadMoreNearBottom } from '@/lib/infinite-scroll';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { useUrlSearch } from '@/lib/use-url-search';
import { TagDialog } from '@/features/tags/tag-dialog';
import { kanbanKeys, useKanbanLanePages } from './queries';
import { kanbanTagSocketBinding } from './realtime';

const BINDINGS = [kanbanTagSocketBinding] as const;
const SKELETON_ROWS = 3;

/**
 * /tagsKanban (docs/product/kanban-and-tags.md Kanban tag list): the board's lanes with their colour chip and how many
 * tickets sit in each; add, edit and delete; more pages within 100 px of the bottom and
 * skeleton rows while loading. Gated like the board (useKanban).
 */
export function TagsKanbanPage() {
  return (
    <PlanGate feature="useKanban">
      <LanesTable />
    </PlanGate>
  );
}

function LanesTable() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const deleteLane = useRouteMutation('tagsDelete');
  useSocketCache(BINDINGS);
  const [search, setSearch, searchParam] = useUrlSearch();
  const [editing, setEditing] = useState<{ open: boolean; lane: TagRowView | null }>({
    open: false,
    lane: null,
  });
  const [deleting, setDeleting] = useState<TagRowView | null>(null);
  const query = useKanbanLanePages(searchParam);
  const rows = query.data?.pages.flatMap((p) => p.tags) ?? [];
  const loading = query.isPending || query.isFetchingNextPage;
  const columns = useMemo<ColumnDef<TagRowView, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('kanbanLanes.name'),
        cell: ({ row }) => <TagChip name={row.original.name} color={row.original.color} />,
      },
      {
        id: 'tickets',
        header: t('kanbanLanes.tickets'),
        cell: ({ row }) => row.original.ticketsCount ?? 0,
        meta: { headClassName: 'w-40 text-center', cellClassName: 'text-center tabular-nums' },
      },
      {
        id: 'actions',
        header: t('kanbanLanes.actions'),
        cell: ({ row }) => (
          <RowActions
            editLabel={t('kanbanLanes.edit', { name: row.original.name })}
            deleteLabel={t('kanbanLanes.delete', { name: row.original.name })}
            onEdit={() => setEditing({ open: true, lane: row.original })}
            onDelete={() => setDeleting(row.original)}
          />
        ),
        meta: { headClassName: 'w-32 text-right', cellClassName: ROW_ACTIONS_CELL },
      },
    ],
    [t],
  );
  const table = useListTable({ data: rows, columns, getRowId: (lane) => String(lane.id) });

  const remove = async (lane: TagRowView) => {
    try {
      await deleteLane.mutateAsync({ params: { id: lane.id } });
      notify.success(t('kanbanLanes.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('kanbanLanes.title')}>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" asChild>
            <Link to="/kanban">
              <ArrowLeft />
              {t('kanbanLanes.back')}
            </Link>
          </Button>
          <ListSearch label={t('kanbanLanes.search')} value={search} onChange={setSearch} />
          <AddButton
            label={t('kanbanLanes.add')}
            onClick={() => setEditing({ open: true, lane: null })}
          />
        </div>
      </PageHeader>
      <div
        className="min-h-0 flex-1 overflow-auto rounded-md border"
        onScroll={loadMoreNearBottom(query)}
        data-testid="lanes-scroll"
      >
        <DataTable
          table={table}
          label={t('kanbanLanes.title')}
          isLoading={loading}
          rowProps={(lane) => ({ 'aria-label': lane.name, 'data-lane-id': lane.id })}
          status={{
            pending: loading,
            loadingText: t('kanbanLanes.loading'),
            emptyText: t('kanbanLanes.empty'),
            skeletonRows: SKELETON_ROWS,
          }}
        />
        {loading && <span className="sr-only">{t('kanbanLanes.loading')}</span>}
      </div>
      <TagDialog
        lane
        open={editing.open}
        tag={editing.lane}
        onSaved={() => void client.invalidateQueries({ queryKey: kanbanKeys.all })}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t('kanbanLanes.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        description={t('kanbanLanes.confirmDelete')}
        confirmLabel={t('kanbanLanes.confirm')}
        cancelLabel={t('kanbanLanes.cancel')}
        destructive
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
