import type { TagRowView } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AddButton, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { PlanGate } from '@/components/plan-gate';
import { RowActionsCell } from '@/components/row-actions';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { tagKeys } from '@/features/tags/queries';
import { TagChip } from '@/features/tags/tags-page';
import { api } from '@/lib/api';
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

  const remove = async (lane: TagRowView) => {
    try {
      await api.call('tagsDelete', { params: { id: lane.id } });
      notify.success(t('kanbanLanes.deleted'));
      void client.invalidateQueries({ queryKey: kanbanKeys.all });
      void client.invalidateQueries({ queryKey: tagKeys.all });
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
        <Table aria-label={t('kanbanLanes.title')} aria-busy={loading}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('kanbanLanes.name')}</TableHead>
              <TableHead className="w-40 text-center">{t('kanbanLanes.tickets')}</TableHead>
              <TableHead className="w-32 text-right">{t('kanbanLanes.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((lane) => (
              <TableRow key={lane.id} aria-label={lane.name} data-lane-id={lane.id}>
                <TableCell>
                  <TagChip name={lane.name} color={lane.color} />
                </TableCell>
                <TableCell className="text-center tabular-nums">{lane.ticketsCount ?? 0}</TableCell>
                <RowActionsCell
                  editLabel={t('kanbanLanes.edit', { name: lane.name })}
                  deleteLabel={t('kanbanLanes.delete', { name: lane.name })}
                  onEdit={() => setEditing({ open: true, lane })}
                  onDelete={() => setDeleting(lane)}
                />
              </TableRow>
            ))}
            {loading &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <TableRow key={`skeleton-${i}`} data-testid="skeleton-row" aria-hidden>
                  {[0, 1, 2].map((cell) => (
                    <TableCell key={cell}>
                      <div className="h-5 animate-pulse rounded bg-muted" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {!loading && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} className="text-center text-muted-foreground">
                  {t('kanbanLanes.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
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
