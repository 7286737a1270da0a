import type { InvoiceView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { INVOICE_COLUMNS, INVOICES_PAGE_SIZE, likeTerm } from './invoice-columns.js';

/**
 * Invoices of company $1 whose detail, due date (YYYY-MM-DD or DD/MM/YYYY) or status contains
 * $2 ('pago' finds the paid ones, as the console shows them).
 */
const MATCH = `i."companyId" = $1 AND ($2 = '' OR i.detail ILIKE '%' || $2 || '%'
  OR i."dueDate"::text LIKE '%' || $2 || '%' OR to_char(i."dueDate", 'DD/MM/YYYY') LIKE '%' || $2 || '%'
  OR (i.status = 'paid' AND 'pago' ILIKE '%' || $2 || '%') OR i.status ILIKE $2)`;

/** GET /invoices: the caller's company's invoices, newest due date first, 20 a page. */
export async function listInvoices(
  ctx: AppContext,
  o: { auth: Principal; searchParam: string; pageNumber: number },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const term = likeTerm(o.searchParam);
  // The (companyId, dueDate) unique index serves both the filter and the order.
  const [invoices, [total]] = await Promise.all([
    db.prepared<InvoiceView>(
      'invoices-page',
      `SELECT ${INVOICE_COLUMNS} FROM invoices i WHERE ${MATCH}
        ORDER BY i."dueDate" DESC, i.id DESC LIMIT ${INVOICES_PAGE_SIZE} OFFSET $3`,
      [o.auth.companyId, term, (o.pageNumber - 1) * INVOICES_PAGE_SIZE],
    ),
    db.prepared<{ count: number }>(
      'invoices-count',
      `SELECT count(*)::int AS count FROM invoices i WHERE ${MATCH}`,
      [o.auth.companyId, term],
    ),
  ]);
  const count = total?.count ?? 0;
  return { invoices, count, hasMore: count > o.pageNumber * INVOICES_PAGE_SIZE };
}

/**
 * GET /invoices/all for a company's admin: that company's invoices matching `searchParam`, as
 * one list (newest due date first; a company has one a month), the shape the financial pages
 * of this product family read. Super admins get every company's, paged (list-all-invoices.ts).
 */
export async function listCompanyInvoices(
  ctx: AppContext,
  o: { auth: Principal; searchParam?: string },
) {
  return tenantData(ctx.ds, o.auth.companyId).prepared<InvoiceView>(
    'invoices-all-of-company',
    `SELECT ${INVOICE_COLUMNS} FROM invoices i WHERE ${MATCH}
      ORDER BY i."dueDate" DESC, i.id DESC LIMIT 600`,
    [o.auth.companyId, likeTerm(o.searchParam ?? '')],
  );
}
