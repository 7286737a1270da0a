import type { AppContext } from '../../context.js';
import { ProxyEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadProxy } from './proxy-view.js';

/** Deletes a proxy of the caller's company; its sessions go direct from their next start. */
export async function deleteProxy(ctx: AppContext, o: { auth: Principal; proxyId: number }) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  await loadProxy(db, o.proxyId);
  await db.of(ProxyEntity).delete({ id: o.proxyId });
  ctx.logger.info({ companyId: o.auth.companyId, proxyId: o.proxyId }, 'proxy deleted');
  return { message: 'Proxy deleted' };
}
