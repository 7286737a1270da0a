import type { ProxyView } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
import { api } from '@/lib/api';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { ProxyDialog } from './proxy-dialog';
import { proxyKeys, useProxies } from './queries';

/** The proxy tab: the company's proxies, an add/edit dialog and a delete confirmation. */
export function ProxyTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useProxies();
  const [editing, setEditing] = useState<{ open: boolean; proxy: ProxyView | null }>({
    open: false,
    proxy: null,
  });
  const [deleting, setDeleting] = useState<ProxyView | null>(null);
  const proxies = list.data ?? [];

  const remove = async (proxy: ProxyView) => {
    try {
      await api.call('proxiesDelete', { params: { id: proxy.id } });
      notify.success(t('proxies.deleted'));
      void client.invalidateQueries({ queryKey: proxyKeys.all });
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
        <Table aria-label={t('proxies.title')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('proxies.host')}</TableHead>
              <TableHead className="w-24">{t('proxies.port')}</TableHead>
              <TableHead className="w-28">{t('proxies.protocol')}</TableHead>
              <TableHead>{t('proxies.username')}</TableHead>
              <TableHead className="w-24">{t('proxies.enabled')}</TableHead>
              <TableHead className="w-32 text-right">{t('proxies.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {proxies.map((p) => (
              <TableRow key={p.id}>
                <TableCell className="font-medium">{p.host}</TableCell>
                <TableCell className="tabular-nums">{p.port}</TableCell>
                <TableCell>{p.protocol}</TableCell>
                <TableCell>
                  {p.username ?? '—'}
                  {p.hasPassword ? (
                    <span className="ml-2 text-xs text-muted-foreground">
                      ({t('proxies.passwordStored')})
                    </span>
                  ) : null}
                </TableCell>
                <TableCell>{p.enabled ? t('proxies.yes') : t('proxies.no')}</TableCell>
                <RowActionsCell
                  editLabel={t('proxies.edit', { host: p.host })}
                  deleteLabel={t('proxies.delete', { host: p.host })}
                  onEdit={() => setEditing({ open: true, proxy: p })}
                  onDelete={() => setDeleting(p)}
                />
              </TableRow>
            ))}
            {list.isPending || proxies.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} className="text-center text-muted-foreground">
                  {list.isPending ? t('proxies.loading') : t('proxies.empty')}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
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
