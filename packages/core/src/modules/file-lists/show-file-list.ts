import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadFileList } from './file-list-view.js';

/** GET /files/:id: one file list of the caller's company with its files. */
export function showFileList(ctx: AppContext, o: { auth: Principal; id: number }) {
  return loadFileList(tenantData(ctx.ds, o.auth.companyId), o.id);
}
