import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadTag } from './tag-view.js';

/** One tag of the caller's company. */
export async function showTag(ctx: AppContext, o: { auth: Principal; tagId: number }) {
  return loadTag(tenantData(ctx.ds, o.auth.companyId), o.tagId);
}
