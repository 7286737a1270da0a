import type { SessionConfigView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ProxyEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { SessionConnection } from './session-of.js';

/**
 * What a session needs to start. Its proxy (spec 2 Proxy): with useProxy on, the company's
 * first enabled proxy row; the URL carries the password, so it is never logged.
 */
export async function getSessionConfig(
  ctx: AppContext,
  s: SessionConnection,
): Promise<SessionConfigView> {
  let proxyUrl: string | null = null;
  if (s.useProxy) {
    const p = await tenantData(ctx.ds, s.companyId)
      .of(ProxyEntity)
      .findOne({ where: { enabled: true }, order: { id: 'ASC' } });
    if (p) {
      const auth = p.username
        ? `${encodeURIComponent(p.username)}${p.password ? `:${encodeURIComponent(p.password)}` : ''}@`
        : '';
      proxyUrl = `${p.protocol}://${auth}${p.host}:${p.port}`;
    }
  }
  return { connectionId: s.whatsappId, companyId: s.companyId, proxyUrl };
}
