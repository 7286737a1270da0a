import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { pickerPage } from '../pickers/picker-page.js';

/**
 * GET /files: the company's file lists by name. The lineage sends a companyId; it is ignored,
 * the caller's own company is always the one listed.
 */
export async function listFileLists(
  ctx: AppContext,
  o: { auth: Principal; searchParam: string; pageNumber: number },
) {
  const { rows, count, hasMore } = await pickerPage(ctx, {
    name: 'file-lists-picker',
    table: 'files',
    columns: 'id, name, message',
    companyId: o.auth.companyId,
    searchParam: o.searchParam,
    pageNumber: o.pageNumber,
  });
  return { files: rows as never[], count, hasMore };
}
