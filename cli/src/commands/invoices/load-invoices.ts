import { ApiError } from '@atendo/api-client';
import type { InvoiceAdminView, InvoiceStatus } from '@atendo/domain';
import { superCall, type Session } from '../../session.js';
import { allPages } from '../shared.js';

/** Every invoice across companies (GET /invoices/all, every page), newest due date first. */
export function loadInvoices(
  session: Session,
  filter: { companyId?: number; status?: InvoiceStatus } = {},
): Promise<InvoiceAdminView[]> {
  return allPages(async (pageNumber) => {
    const page = await superCall(session, async (client) => {
      const answer = await client.call('invoicesAll', { query: { ...filter, pageNumber } });
      // A company admin gets its own invoices as one list: every company's is a super admin's.
      if (Array.isArray(answer)) throw new ApiError(403, { error: 'ERR_NO_PERMISSION' });
      return answer;
    });
    return { items: page.invoices, hasMore: page.hasMore };
  });
}
