import type { ProxyInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ProxyEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { sealProxyPassword } from './proxy-secret.js';
import { loadProxy, toProxyView } from './proxy-view.js';

/**
 * Adds a proxy to the caller's company. The password is sealed against the new row's id, so
 * the row is written first and the sealed password in the same transaction: it never rests
 * in plain text, not even for a moment.
 */
export async function createProxy(ctx: AppContext, o: { auth: Principal; input: ProxyInput }) {
  const { password, ...fields } = o.input;
  const row = await tenantData(ctx.ds, o.auth.companyId).transaction(async (tx) => {
    const { id } = await tx.of(ProxyEntity).insert({ ...fields, password: null });
    if (password)
      await tx.of(ProxyEntity).update({ id }, { password: sealProxyPassword(ctx, id, password) });
    return loadProxy(tx, id);
  });
  ctx.logger.info({ companyId: o.auth.companyId, proxyId: row.id }, 'proxy created');
  return toProxyView(row);
}
