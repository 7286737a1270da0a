import type { AppContext } from '../../context.js';
import { ProxyEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { toProxyView } from './proxy-view.js';

/** The company's proxies, oldest first (the first enabled one is the one sessions use). */
export async function listProxies(ctx: AppContext, o: { auth: Principal }) {
  const rows = await tenantData(ctx.ds, o.auth.companyId)
    .of(ProxyEntity)
    .find({ order: { id: 'ASC' } });
  return rows.map(toProxyView);
}
