import type { CampaignView } from '@atendo/domain';
import { BarChart3, Pencil, Settings, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatusRow } from '@/components/list-status-row';
import { AddButton, InfiniteListFrame, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
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
        <Table aria-label={t('campaigns.title')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('campaigns.name')}</TableHead>
              <TableHead>{t('campaigns.status')}</TableHead>
              <TableHead>{t('campaigns.contactList')}</TableHead>
              <TableHead>{t('campaigns.connection')}</TableHead>
              <TableHead>{t('campaigns.scheduledAt')}</TableHead>
              <TableHead>{t('campaigns.completedAt')}</TableHead>
              <TableHead>{t('campaigns.confirmation')}</TableHead>
              <TableHead className="w-36 text-right">{t('campaigns.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id} aria-label={c.name} data-campaign-id={c.id}>
                <TableCell className="font-medium">{c.name}</TableCell>
                <TableCell>
                  <CampaignStatusBadge status={c.status} />
                </TableCell>
                <TableCell>
                  {c.contactList?.name ?? c.tagList?.name ?? t('campaigns.notDefined')}
                </TableCell>
                <TableCell>{c.whatsapp?.name ?? t('campaigns.connectionNotDefined')}</TableCell>
                <TableCell>{formatDateTime(c.scheduledAt) || t('campaigns.noSchedule')}</TableCell>
                <TableCell>
                  {formatDateTime(c.completedAt) || t('campaigns.notCompleted')}
                </TableCell>
                <TableCell>
                  {c.confirmation ? t('campaigns.enabled') : t('campaigns.disabled')}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  {c.status !== 'INATIVA' ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('campaigns.report', { name: c.name })}
                      asChild
                    >
                      <Link to={`/campaign/${c.id}/report`}>
                        <BarChart3 />
                      </Link>
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('campaigns.edit', { name: c.name })}
                    onClick={() => setEditing({ open: true, id: c.id })}
                  >
                    <Pencil />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('campaigns.delete', { name: c.name })}
                    onClick={() => setDeleting(c)}
                  >
                    <Trash2 />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            <ListStatusRow
              colSpan={8}
              pending={list.isPending || list.isFetchingNextPage}
              empty={rows.length === 0}
              loadingText={t('campaigns.loading')}
              emptyText={t('campaigns.empty')}
            />
          </TableBody>
        </Table>
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
