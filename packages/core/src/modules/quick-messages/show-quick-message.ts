import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadQuickMessage } from './quick-message-view.js';

/** One quick message the caller sees. */
export async function showQuickMessage(ctx: AppContext, o: { auth: Principal; id: number }) {
  return loadQuickMessage(tenantData(ctx.ds, o.auth.companyId), o.auth, o.id);
}
