import type { SessionConfigView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ProxyEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import { openProxyPassword } from '../proxies/proxy-secret.js';
import type { SessionConnection } from './session-of.js';

/**
 * What a session needs to start. Its proxy (docs/product/connections.md Proxy): with useProxy on, the company's
 * first enabled proxy row; the URL carries the password (opened from its sealed form here, the
 * one place it is needed in plain text), so it is never logged.
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
      const password = openProxyPassword(ctx, p);
      const auth = p.username
        ? `${encodeURIComponent(p.username)}${password ? `:${encodeURIComponent(password)}` : ''}@`
        : '';
      // A bare IPv6 address needs its brackets inside a URL.
      const host = p.host.includes(':') && !p.host.startsWith('[') ? `[${p.host}]` : p.host;
      proxyUrl = `${p.protocol}://${auth}${host}:${p.port}`;
    }
  }
  return { connectionId: s.whatsappId, companyId: s.companyId, proxyUrl };
}
