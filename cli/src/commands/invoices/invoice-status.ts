import { InvalidArgumentError } from 'commander';
import {
  INVOICE_STATUSES,
  isSubscriptionExpired,
  type InvoiceStatus,
  type InvoiceView,
} from '@atendo/domain';

/**
 * An invoice's status as the console's invoices page words it: Pago once paid; an open one is
 * Vencido past its due date, else Em aberto.
 */
export function invoiceStatusLabel(
  invoice: Pick<InvoiceView, 'status' | 'dueDate'>,
  today: string,
): string {
  if (invoice.status === 'paid') return 'Pago';
  return isSubscriptionExpired(invoice.dueDate, today) ? 'Vencido' : 'Em aberto';
}

/** Commander parser for `--status`: open or paid, in any case. */
export function invoiceStatusOption(value: string): InvoiceStatus {
  const wanted = value.trim().toLowerCase();
  const found = INVOICE_STATUSES.find((s) => s === wanted);
  if (!found) throw new InvalidArgumentError(`expected ${INVOICE_STATUSES.join(' or ')}`);
  return found;
}
