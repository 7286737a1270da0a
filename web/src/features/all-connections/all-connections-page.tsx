import { isSuper, type CompanyView, type WhatsappView } from '@atendo/domain';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Cable } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { DataTable, useListTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { CompanyChannelsDialog } from './company-channels-dialog';

export interface CompanyCounts {
  companyId: number;
  name: string;
  connected: number;
  disconnected: number;
  total: number;
}

/**
 * Per company: connected (status CONNECTED), disconnected (any other status) and total. Every
 * company listed in `companies` has its row, with zeros when it has no connection yet (the
 * dialog adds its first channel).
 */
export function countByCompany(
  connections: readonly WhatsappView[],
  companies: readonly Pick<CompanyView, 'id' | 'name'>[] = [],
): CompanyCounts[] {
  const byCompany = new Map<number, CompanyCounts>();
  for (const c of companies)
    byCompany.set(c.id, { companyId: c.id, name: c.name, connected: 0, disconnected: 0, total: 0 });
  for (const w of connections) {
    const row = byCompany.get(w.companyId) ?? {
      companyId: w.companyId,
      name: w.company?.name ?? `#${w.companyId}`,
      connected: 0,
      disconnected: 0,
      total: 0,
    };
    if (w.status === 'CONNECTED') row.connected++;
    else row.disconnected++;
    row.total++;
    byCompany.set(w.companyId, row);
  }
  return [...byCompany.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The grand total row. */
export function grandTotal(rows: readonly CompanyCounts[]) {
  return rows.reduce(
    (sum, r) => ({
      connected: sum.connected + r.connected,
      disconnected: sum.disconnected + r.disconnected,
      total: sum.total + r.total,
    }),
    { connected: 0, disconnected: 0, total: 0 },
  );
}

/** /allConnections (docs/product/connections.md#screens): every company's connection counts, for super admins only. */
export function AllConnectionsPage() {
  const user = permissionUser(useCurrentUser());
  if (!isSuper(user)) return <Navigate to="/tickets" replace />;
  return <AllConnectionsTable />;
}

function AllConnectionsTable() {
  const { t } = useTranslation();
  const all = useQuery({
    queryKey: ['connections', 'every-company'] as const,
    queryFn: ({ signal }) => api.call('whatsappAll', { query: {}, signal }),
  });
  const companies = useQuery({
    queryKey: ['companies', 'list'] as const,
    queryFn: ({ signal }) => api.call('companiesList', { signal }),
  });
  const rows = countByCompany(all.data ?? [], companies.data ?? []);
  const sum = grandTotal(rows);
  const [open, setOpen] = useState<number | null>(null);
  const openCompany = companies.data?.find((c) => c.id === open) ?? null;
  const companyList = companies.data;
  const count = (
    key: 'connected' | 'disconnected' | 'total',
    cellClassName: string,
  ): ColumnDef<CompanyCounts, unknown> => ({
    id: key,
    header: t(`allConnections.${key}`),
    cell: ({ row }) => row.original[key],
    // The grand total row (docs/product/connections.md#screens) is the table's footer.
    footer: () => sum[key],
    meta: {
      headClassName: 'text-right',
      cellClassName: `text-right tabular-nums ${cellClassName}`.trim(),
      footClassName: 'text-right tabular-nums',
    },
  });
  const columns: ColumnDef<CompanyCounts, unknown>[] = [
    {
      id: 'name',
      header: t('allConnections.company'),
      cell: ({ row }) => row.original.name,
      footer: t('allConnections.grandTotal'),
    },
    count('connected', 'text-green-600'),
    count('disconnected', 'text-destructive'),
    count('total', ''),
    {
      id: 'channels',
      header: t('allConnections.channels'),
      cell: ({ row }) => (
        <Button
          variant="ghost"
          size="icon"
          disabled={!companyList?.some((c) => c.id === row.original.companyId)}
          aria-label={t('allConnections.channelsOf', { name: row.original.name })}
          onClick={() => setOpen(row.original.companyId)}
        >
          <Cable />
        </Button>
      ),
      meta: { headClassName: 'w-16 text-right', cellClassName: 'text-right' },
    },
  ];
  const table = useListTable({
    data: rows,
    columns,
    getRowId: (r) => String(r.companyId),
  });
  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('allConnections.title')} />
      <div className="min-h-0 flex-1 overflow-auto rounded-md border">
        <DataTable
          table={table}
          label={t('allConnections.title')}
          status={{
            pending: all.isPending,
            loadingText: t('allConnections.loading'),
            emptyText: t('allConnections.empty'),
          }}
        />
      </div>
      <CompanyChannelsDialog company={openCompany} onClose={() => setOpen(null)} />
    </div>
  );
}
