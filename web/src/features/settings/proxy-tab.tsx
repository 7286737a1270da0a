import type { ProxyView } from '@atendo/domain';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, useListTable } from '@/components/data-table';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ROW_ACTIONS_CELL, RowActions } from '@/components/row-actions';
import { Button } from '@/components/ui/button';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { ProxyDialog } from './proxy-dialog';
import { useProxies } from './queries';

/** The proxy tab: the company's proxies, an add/edit dialog and a delete confirmation. */
export function ProxyTab() {
  const { t } = useTranslation();
  const deleteProxy = useRouteMutation('proxiesDelete');
  const list = useProxies();
  const [editing, setEditing] = useState<{ open: boolean; proxy: ProxyView | null }>({
    open: false,
    proxy: null,
  });
  const [deleting, setDeleting] = useState<ProxyView | null>(null);
  const proxies = list.data ?? [];
  const columns = useMemo<ColumnDef<ProxyView, unknown>[]>(
    () => [
      {
        id: 'host',
        header: t('proxies.host'),
        cell: ({ row }) => row.original.host,
        meta: { cellClassName: 'font-medium' },
      },
      {
        id: 'port',
        header: t('proxies.port'),
        cell: ({ row }) => row.original.port,
        meta: { headClassName: 'w-24', cellClassName: 'tabular-nums' },
      },
      {
        id: 'protocol',
        header: t('proxies.protocol'),
        cell: ({ row }) => row.original.protocol,
        meta: { headClassName: 'w-28' },
      },
      {
        id: 'username',
        header: t('proxies.username'),
        cell: ({ row }) => (
          <>
            {row.original.username ?? '—'}
            {row.original.hasPassword ? (
              <span className="ml-2 text-xs text-muted-foreground">
                ({t('proxies.passwordStored')})
              </span>
            ) : null}
          </>
        ),
      },
      {
        id: 'enabled',
        header: t('proxies.enabled'),
        cell: ({ row }) => (row.original.enabled ? t('proxies.yes') : t('proxies.no')),
        meta: { headClassName: 'w-24' },
      },
      {
        id: 'actions',
        header: t('proxies.actions'),
        cell: ({ row }) => (
          <RowActions
            editLabel={t('proxies.edit', { host: row.original.host })}
            deleteLabel={t('proxies.delete', { host: row.original.host })}
            onEdit={() => setEditing({ open: true, proxy: row.original })}
            onDelete={() => setDeleting(row.original)}
          />
        ),
        meta: { headClassName: 'w-32 text-right', cellClassName: ROW_ACTIONS_CELL },
      },
    ],
    [t],
  );
  const table = useListTable({ data: proxies, columns, getRowId: (p) => String(p.id) });

  const remove = async (proxy: ProxyView) => {
    try {
      await deleteProxy.mutateAsync({ params: { id: proxy.id } });
      notify.success(t('proxies.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <section aria-labelledby="proxies-title" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="proxies-title" className="text-base font-semibold">
            {t('proxies.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('proxies.description')}</p>
        </div>
        <Button onClick={() => setEditing({ open: true, proxy: null })}>
          <Plus />
          {t('proxies.add')}
        </Button>
      </div>
      <div className="overflow-auto rounded-md border">
        <DataTable
          table={table}
          label={t('proxies.title')}
          status={{
            pending: list.isPending,
            loadingText: t('proxies.loading'),
            emptyText: t('proxies.empty'),
          }}
        />
      </div>
      <ProxyDialog
        open={editing.open}
        proxy={editing.proxy}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ConfirmDialog
        confirmLabel={t('proxies.confirm')}
        cancelLabel={t('proxies.cancel')}
        destructive
        open={!!deleting}
        title={t('proxies.confirmDeleteTitle', { host: deleting?.host ?? '' })}
        description={t('proxies.confirmDelete')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
