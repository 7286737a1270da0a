import type { CampaignView } from '@atendo/domain';
import { BarChart3, Settings } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, useListTable } from '@/components/data-table';
import { ROW_ACTIONS_CELL, RowActions } from '@/components/row-actions';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AddButton, InfiniteListFrame, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { useUrlSearch } from '@/lib/use-url-search';
import { CampaignArea } from './campaign-area';
import { CampaignDialog } from './campaign-dialog';
import { formatDateTime } from './format';
import { useCampaignsInfinite } from './queries';
import { campaignSocketBinding } from './realtime';

const BINDINGS = [campaignSocketBinding] as const;

/** A campaign's status as a badge (docs/product/campaigns.md#campaign-status). */
export function CampaignStatusBadge({ status }: { status: CampaignView['status'] }) {
  const { t } = useTranslation();
  const variant =
    status === 'EM_ANDAMENTO'
      ? 'default'
      : status === 'CANCELADA'
        ? 'warning'
        : status === 'FINALIZADA'
          ? 'outline'
          : 'secondary';
  return <Badge variant={variant}>{t(`campaigns.statuses.${status}`)}</Badge>;
}

/**
 * /campaigns (docs/product/campaigns.md Campaigns page): search, settings, add, and the campaigns with their
 * status, list, connection, times and confirmation; live through `company-{id}-campaign`.
 * Needs the plan's useCampaigns; a profile user sees the access-denied view.
 */
export function CampaignsPage() {
  return (
    <CampaignArea adminOnly>
      <CampaignsTable />
    </CampaignArea>
  );
}

function CampaignsTable() {
  const { t } = useTranslation();
  const deleteCampaign = useRouteMutation('campaignsDelete');
  useSocketCache(BINDINGS);
  const [search, setSearch, searchParam] = useUrlSearch();
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({
    open: false,
    id: null,
  });
  const [deleting, setDeleting] = useState<CampaignView | null>(null);
  const list = useCampaignsInfinite(searchParam);
  const rows = list.data?.pages.flatMap((p) => p.records) ?? [];
  const columns = useMemo<ColumnDef<CampaignView, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('campaigns.name'),
        cell: ({ row }) => row.original.name,
        meta: { cellClassName: 'font-medium' },
      },
      {
        id: 'status',
        header: t('campaigns.status'),
        cell: ({ row }) => <CampaignStatusBadge status={row.original.status} />,
      },
      {
        id: 'contactList',
        header: t('campaigns.contactList'),
        cell: ({ row }) =>
          row.original.contactList?.name ?? row.original.tagList?.name ?? t('campaigns.notDefined'),
      },
      {
        id: 'connection',
        header: t('campaigns.connection'),
        cell: ({ row }) => row.original.whatsapp?.name ?? t('campaigns.connectionNotDefined'),
      },
      {
        id: 'scheduledAt',
        header: t('campaigns.scheduledAt'),
        cell: ({ row }) => formatDateTime(row.original.scheduledAt) || t('campaigns.noSchedule'),
      },
      {
        id: 'completedAt',
        header: t('campaigns.completedAt'),
        cell: ({ row }) => formatDateTime(row.original.completedAt) || t('campaigns.notCompleted'),
      },
      {
        id: 'confirmation',
        header: t('campaigns.confirmation'),
        cell: ({ row }) =>
          row.original.confirmation ? t('campaigns.enabled') : t('campaigns.disabled'),
      },
      {
        id: 'actions',
        header: t('campaigns.actions'),
        cell: ({ row }) => (
          <>
            {row.original.status !== 'INATIVA' ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('campaigns.report', { name: row.original.name })}
                asChild
              >
                <Link to={`/campaign/${row.original.id}/report`}>
                  <BarChart3 />
                </Link>
              </Button>
            ) : null}
            <RowActions
              editLabel={t('campaigns.edit', { name: row.original.name })}
              deleteLabel={t('campaigns.delete', { name: row.original.name })}
              onEdit={() => setEditing({ open: true, id: row.original.id })}
              onDelete={() => setDeleting(row.original)}
            />
          </>
        ),
        meta: { headClassName: 'w-36 text-right', cellClassName: ROW_ACTIONS_CELL },
      },
    ],
    [t],
  );
  const table = useListTable({ data: rows, columns, getRowId: (c) => String(c.id) });

  const remove = async (campaign: CampaignView) => {
    try {
      await deleteCampaign.mutateAsync({ params: { id: campaign.id } });
      notify.success(t('campaigns.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('campaigns.title')}>
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t('campaigns.search')} value={search} onChange={setSearch} />
          <Button variant="outline" asChild>
            <Link to="/campaigns-config" aria-label={t('campaignSettings.title')}>
              <Settings />
              {t('campaigns.settings')}
            </Link>
          </Button>
          <AddButton
            label={t('campaigns.add')}
            onClick={() => setEditing({ open: true, id: null })}
          />
        </div>
      </PageHeader>
      <InfiniteListFrame list={list}>
        <DataTable
          table={table}
          label={t('campaigns.title')}
          rowProps={(c) => ({ 'aria-label': c.name, 'data-campaign-id': c.id })}
          status={{
            pending: list.isPending || list.isFetchingNextPage,
            loadingText: t('campaigns.loading'),
            emptyText: t('campaigns.empty'),
          }}
        />
      </InfiniteListFrame>
      {editing.open ? (
        <CampaignDialog
          open={editing.open}
          campaignId={editing.id}
          onClose={() => setEditing((e) => ({ ...e, open: false }))}
        />
      ) : null}
      <ConfirmDialog
        open={!!deleting}
        title={t('campaigns.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        description={t('campaigns.confirmDelete')}
        confirmLabel={t('campaigns.confirm')}
        cancelLabel={t('campaigns.cancel')}
        destructive
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
