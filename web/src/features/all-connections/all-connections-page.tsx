import { isSuper, type CompanyView, type WhatsappView } from '@atendo/domain';
import { useQuery } from '@tanstack/react-query';
import { Cable } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
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
  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('allConnections.title')} />
      <div className="min-h-0 flex-1 overflow-auto rounded-md border">
        <Table aria-label={t('allConnections.title')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('allConnections.company')}</TableHead>
              <TableHead className="text-right">{t('allConnections.connected')}</TableHead>
              <TableHead className="text-right">{t('allConnections.disconnected')}</TableHead>
              <TableHead className="text-right">{t('allConnections.total')}</TableHead>
              <TableHead className="w-16 text-right">{t('allConnections.channels')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.companyId}>
                <TableCell>{r.name}</TableCell>
                <TableCell className="text-right tabular-nums text-green-600">
                  {r.connected}
                </TableCell>
                <TableCell className="text-right tabular-nums text-destructive">
                  {r.disconnected}
                </TableCell>
                <TableCell className="text-right tabular-nums">{r.total}</TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={!companies.data?.some((c) => c.id === r.companyId)}
                    aria-label={t('allConnections.channelsOf', { name: r.name })}
                    onClick={() => setOpen(r.companyId)}
                  >
                    <Cable />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {all.isPending || rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="text-center text-muted-foreground">
                  {all.isPending ? t('allConnections.loading') : t('allConnections.empty')}
                </TableCell>
              </TableRow>
            ) : (
              <TableRow className="font-semibold">
                <TableCell>{t('allConnections.grandTotal')}</TableCell>
                <TableCell className="text-right tabular-nums">{sum.connected}</TableCell>
                <TableCell className="text-right tabular-nums">{sum.disconnected}</TableCell>
                <TableCell className="text-right tabular-nums">{sum.total}</TableCell>
                <TableCell />
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      <CompanyChannelsDialog company={openCompany} onClose={() => setOpen(null)} />
    </div>
  );
}
