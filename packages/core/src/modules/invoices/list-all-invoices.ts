import type { InvoiceAdminView, InvoicesAllQuery } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { crossTenantData } from '../../db/platform-data.js';
import { INVOICE_COLUMNS, INVOICES_PAGE_SIZE, likeTerm } from './invoice-columns.js';

/** Every company's invoices narrowed by $1 company (0: any), $2 status ('' any), $3 detail or company name. */
const MATCH = `($1 = 0 OR i."companyId" = $1) AND ($2 = '' OR i.status = $2)
  AND ($3 = '' OR i.detail ILIKE '%' || $3 || '%' OR c.name ILIKE '%' || $3 || '%')`;

/**
 * GET /invoices/all (super admin; the CLI's `atendo invoices list`): across companies, so
 * through the super admin's named bypass. Newest due date first, 20 a page.
 */
export async function listAllInvoices(ctx: AppContext, q: InvoicesAllQuery) {
  const db = crossTenantData(ctx.ds, 'super-admin');
  const params = [q.companyId ?? 0, q.status ?? '', likeTerm(q.searchParam)];
  const [invoices, [total]] = await Promise.all([
    db.query<InvoiceAdminView>(
      `SELECT ${INVOICE_COLUMNS}, i."companyId", c.name AS "companyName"
         FROM invoices i JOIN companies c ON c.id = i."companyId" WHERE ${MATCH}
        ORDER BY i."dueDate" DESC, i.id DESC LIMIT ${INVOICES_PAGE_SIZE} OFFSET $4`,
      [...params, (q.pageNumber - 1) * INVOICES_PAGE_SIZE],
    ),
    db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM invoices i JOIN companies c ON c.id = i."companyId" WHERE ${MATCH}`,
      params,
    ),
  ]);
  const count = total?.count ?? 0;
  return { invoices, count, hasMore: count > q.pageNumber * INVOICES_PAGE_SIZE };
}
