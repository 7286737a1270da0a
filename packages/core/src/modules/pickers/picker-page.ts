import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';

/** Pickers show a whole short list: a page holds up to 100 rows, by name. */
export const PICKER_PAGE_SIZE = 100;

/**
 * One page of a company's rows by name, searched by name: lean SQL naming its columns (never
 * the secret ones), and the total. `table` and `columns` are constants of the callers.
 */
export async function pickerPage<R>(
  ctx: AppContext,
  o: {
    name: string;
    table: string;
    columns: string;
    companyId: number;
    searchParam: string;
    pageNumber: number;
  },
): Promise<{ rows: R[]; count: number; hasMore: boolean }> {
  const db = tenantData(ctx.ds, o.companyId);
  const match = `"companyId" = $1 AND ($2 = '' OR name ILIKE '%' || $2 || '%')`;
  // LIKE wildcards typed by the user are searched for, not expanded.
  const term = o.searchParam.trim().replace(/[%_\\]/g, '\\$&');
  const [rows, [total]] = await Promise.all([
    db.prepared<R>(
      `${o.name}-page`,
      `SELECT ${o.columns} FROM ${o.table} WHERE ${match}
        ORDER BY name, id LIMIT ${PICKER_PAGE_SIZE} OFFSET $3`,
      [o.companyId, term, (o.pageNumber - 1) * PICKER_PAGE_SIZE],
    ),
    db.prepared<{ count: number }>(
      `${o.name}-count`,
      `SELECT count(*)::int AS count FROM ${o.table} WHERE ${match}`,
      [o.companyId, term],
    ),
  ]);
  const count = total?.count ?? 0;
  return { rows, count, hasMore: count > o.pageNumber * PICKER_PAGE_SIZE };
}
