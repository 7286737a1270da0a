import type { InvoiceAdminView, InvoiceView } from '@atendo/domain';
import { formatDate, formatMoney } from '../../format.js';
import type { RenderTableOptions } from '../../ui/index.js';
import { invoiceStatusLabel } from './invoice-status.js';

export interface InvoicesTableOptions {
  /**
   * What "today" is ('YYYY-MM-DD'): open invoices before it are Vencido. Per invoice across
   * companies: each company's day, in its own time zone.
   */
  today: string | ((invoice: InvoiceRow) => string);
  /** Show each invoice's company (the listing across companies). */
  withCompany?: boolean;
  /** Shown instead of an empty table. */
  empty?: string;
}

export type InvoiceRow = InvoiceView & Partial<Pick<InvoiceAdminView, 'companyId' | 'companyName'>>;

/** The invoices table, in the console's columns: detail, quantities, due date, value, status. */
export function invoicesTable(
  invoices: InvoiceRow[],
  { today, withCompany = false, empty = 'No invoices yet.' }: InvoicesTableOptions,
): RenderTableOptions {
  return {
    columns: [
      { header: 'ID', align: 'right' },
      ...(withCompany ? [{ header: 'Company' }] : []),
      { header: 'Detail' },
      { header: 'Users', align: 'right' },
      { header: 'Connections', align: 'right' },
      { header: 'Due date' },
      { header: 'Value', align: 'right' },
      { header: 'Status' },
    ],
    rows: invoices.map((i) => [
      String(i.id),
      ...(withCompany ? [`${i.companyName ?? '—'} (${i.companyId ?? '?'})`] : []),
      i.detail || '—',
      String(i.users),
      String(i.connections),
      formatDate(i.dueDate),
      formatMoney(i.value),
      invoiceStatusLabel(i, typeof today === 'string' ? today : today(i)),
    ]),
    empty,
  };
}
