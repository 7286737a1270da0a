import type { UpdateProxyInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ProxyEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { sealProxyPassword } from './proxy-secret.js';
import { loadProxy, toProxyView } from './proxy-view.js';

/**
 * Changes a proxy of the caller's company. The form never holds the stored password, so a
 * missing or empty one keeps it; a new one replaces it (sealed); `clearPassword` removes it.
 */
export async function updateProxy(
  ctx: AppContext,
  o: { auth: Principal; proxyId: number; input: UpdateProxyInput },
) {
  const { password, clearPassword, ...fields } = o.input;
  const row = await tenantData(ctx.ds, o.auth.companyId).transaction(async (tx) => {
    await loadProxy(tx, o.proxyId);
    const patch = {
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      ...(password
        ? { password: sealProxyPassword(ctx, o.proxyId, password) }
        : clearPassword
          ? { password: null }
          : {}),
    };
    if (Object.keys(patch).length) await tx.of(ProxyEntity).update({ id: o.proxyId }, patch);
    return loadProxy(tx, o.proxyId);
  });
  ctx.logger.info({ companyId: o.auth.companyId, proxyId: row.id }, 'proxy updated');
  return toProxyView(row);
}
