/** The invoice columns every listing selects (alias `i`), in the view's names. */
export const INVOICE_COLUMNS = `i.id, i.detail, i.users, i.connections, i."dueDate"::text AS "dueDate",
  i.value::text AS value, i.status, i."linkInvoice", i."paidAt", i."createdAt"`;

/** The invoices page size (the lineage's 20). */
export const INVOICES_PAGE_SIZE = 20;

/** A typed search with LIKE's wildcards taken literally. */
export function likeTerm(searchParam: string): string {
  return searchParam.trim().replace(/[%_\\]/g, '\\$&');
}
