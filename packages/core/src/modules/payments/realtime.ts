import type { AppContext } from '../../context.js';
import { rooms } from '@atendo/domain';
import type { Pushes } from '../../events/pushes.js';

/**
 * `company-{id}-payment` with action CONCLUIDA when an invoice is paid (docs/product/companies-plans-billing.md#subscription-states Checkout):
 * the whole company, since the new due date ends everyone's expiry warning.
 */
export function registerPaymentListeners({ events }: AppContext, realtime: Pushes): void {
  events.on('invoice.paid', ({ companyId, invoiceId, dueDate }) => {
    realtime.emit(companyId, 'payment', [rooms.company], {
      action: 'CONCLUIDA',
      company: { id: companyId, dueDate },
      invoice: { id: invoiceId, status: 'paid' },
    });
  });
}
