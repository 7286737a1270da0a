import type { InvoiceAdminView, InvoiceStatus } from '@atendo/domain';
import { superCall, type Session } from '../../session.js';
import { allPages } from '../shared.js';

/** Every invoice across companies (GET /invoices/all, every page), newest due date first. */
export function loadInvoices(
  session: Session,
  filter: { companyId?: number; status?: InvoiceStatus } = {},
): Promise<InvoiceAdminView[]> {
  return allPages(async (pageNumber) => {
    const page = await superCall(session, (client) =>
      client.call('invoicesAll', { query: { ...filter, pageNumber } }),
    );
    // A super admin's session always gets the paged form (a company admin gets one list).
    if (Array.isArray(page)) throw new Error("GET /invoices/all answered a company admin's list");
    return { items: page.invoices, hasMore: page.hasMore };
  });
}
