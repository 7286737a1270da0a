import type { AppContext } from '../../context.js';
import type { Proxy } from '../../db/entities/index.js';
import { openSecret, sealSecret } from '../../db/sealed-secrets.js';

/**
 * A proxy's password at rest: sealed with the api's session key and bound to its row, so a
 * value copied into another proxy (or another company's) no longer opens.
 */
const passwordContext = (proxyId: number) => `proxy:${proxyId}:password`;

export const sealProxyPassword = (ctx: AppContext, proxyId: number, password: string) =>
  sealSecret(ctx, password, passwordContext(proxyId));

/**
 * The plain password a session needs, or null. A row written before passwords were sealed
 * (plain text, no `v1:` envelope) is still read as it is; the next save through the api seals it.
 */
export function openProxyPassword(ctx: AppContext, p: Pick<Proxy, 'id' | 'password'>) {
  if (!p.password) return null;
  if (!p.password.startsWith('v1:')) return p.password;
  return openSecret(ctx, p.password, passwordContext(p.id));
}
