import { formatBRL, isAdministrator, type InvoiceView } from '@atendo/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { ExternalLink } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  DebouncedTableSearch,
  ServerPager,
  useDataTable,
  useTableUrlState,
} from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { formatDueDate, isSubscriptionExpired } from '@/lib/subscription';
import { CheckoutDialog } from './checkout-dialog';
import { INVOICES_PAGE_SIZE, invoicesPaymentSocketBinding, useInvoicesPage } from './queries';

const BINDINGS = [invoicesPaymentSocketBinding] as const;

/** The invoice's payment page (`linkInvoice`) when it is a web address, else null. */
export function paymentLink(invoice: Pick<InvoiceView, 'linkInvoice'>): string | null {
  const link = invoice.linkInvoice?.trim();
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** /financeiro (docs/product/companies-plans-billing.md Invoices page): admins only; profile user gets the no-permission view. */
export function InvoicesPage() {
  const me = useCurrentUser();
  const { t } = useTranslation();
  if (!isAdministrator(permissionUser(me))) return <ForbiddenPage />;
  return (
    <div className="flex h-full flex-col p-6">
      <InvoicesTable title={t('invoices.title')} />
    </div>
  );
}

/**
 * The company's invoices (details, users, connections, due date, value, status, action): Pago
 * shows a disabled PAGO button, any other a PAGAR button — opening the invoice's payment link
 * (`linkInvoice`) in a new tab (docs/product/companies-plans-billing.md#subscription-states), or the Pix checkout when it has none. Paged 20 by the
 * api, searched 500 ms after typing, page and search in the URL; a payment event refetches.
 * Also shown on /financeiro-aberto, so an expired company can pay.
 */
export function InvoicesTable({ title }: { title: string }) {
  const { t } = useTranslation();
  useSocketCache(BINDINGS);
  const [paying, setPaying] = useState<InvoiceView | null>(null);

  const columns = useMemo<ColumnDef<InvoiceView, unknown>[]>(
    () => [
      { accessorKey: 'id', header: t('invoices.id') },
      { accessorKey: 'detail', header: t('invoices.detail') },
      { accessorKey: 'users', header: t('invoices.users') },
      { accessorKey: 'connections', header: t('invoices.connections') },
      {
        accessorKey: 'dueDate',
        header: t('invoices.dueDate'),
        cell: ({ row }) => formatDueDate(row.original.dueDate),
      },
      {
        accessorKey: 'value',
        header: t('invoices.value'),
        cell: ({ row }) => formatBRL(row.original.value),
      },
      {
        id: 'status',
        header: t('invoices.status'),
        cell: ({ row }) => {
          const inv = row.original;
          if (inv.status === 'paid') return <Badge variant="secondary">{t('invoices.paid')}</Badge>;
          return isSubscriptionExpired(inv.dueDate) ? (
            <Badge variant="warning">{t('invoices.overdue')}</Badge>
          ) : (
            <Badge variant="outline">{t('invoices.open')}</Badge>
          );
        },
      },
      {
        id: 'action',
        header: t('invoices.action'),
        cell: ({ row }) =>
          row.original.status === 'paid' ? (
            <Button size="sm" variant="secondary" disabled>
              {t('invoices.paidButton')}
            </Button>
          ) : paymentLink(row.original) ? (
            <Button size="sm" asChild>
              <a
                href={paymentLink(row.original)!}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('invoices.payLink')}
              >
                {t('invoices.pay')}
                <ExternalLink aria-hidden />
              </a>
            </Button>
          ) : (
            <Button size="sm" onClick={() => setPaying(row.original)}>
              {t('invoices.pay')}
            </Button>
          ),
      },
    ],
    [t],
  );

  const url = useTableUrlState({ defaultPageSize: INVOICES_PAGE_SIZE });
  const pageIndex = url.pagination.pageIndex;
  const list = useInvoicesPage(url.globalFilter, pageIndex + 1);
  const table = useDataTable<InvoiceView>({
    data: list.data?.invoices ?? [],
    columns,
    rowCount: list.data?.count ?? 0,
    defaultPageSize: INVOICES_PAGE_SIZE,
    getRowId: (i) => String(i.id),
  });
  const pageCount = Math.max(1, Math.ceil((list.data?.count ?? 0) / INVOICES_PAGE_SIZE));

  return (
    <>
      <PageHeader title={title}>
        <DebouncedTableSearch table={table} label={t('invoices.search')} />
      </PageHeader>
      <div className="min-h-0 flex-1 overflow-auto rounded-md border">
        <DataTable
          table={table}
          label={t('invoices.title')}
          isLoading={list.isPending}
          emptyText={t('invoices.empty')}
        />
      </div>
      <ServerPager
        table={table}
        summary={t('invoices.pageOf', {
          page: pageIndex + 1,
          pageCount,
          count: list.data?.count ?? 0,
        })}
        hasMore={!!list.data?.hasMore}
        previousLabel={t('invoices.previousPage')}
        nextLabel={t('invoices.nextPage')}
      />
      <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />
    </>
  );
}
