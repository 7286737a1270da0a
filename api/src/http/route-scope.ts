import { PLATFORM_COMPANY_ID } from '@atendo/domain';
import type { RouteDef, RouteName } from '@atendo/contract';
import type { Principal } from '@atendo/core/access/principal.js';
import { asPlatform, withCompany, type PlatformReason } from '@atendo/core/db/tenant-scope.js';

/**
 * The database scope each public route runs in. A route absent here runs with no scope, so it
 * sees no company's rows at all (version, CNPJ lookup, public plans need none). Every entry is
 * a deliberate, named decision: these routes act before anyone is known.
 */
const PUBLIC_ROUTE_SCOPES: Partial<Record<RouteName, PlatformReason | 'platform-company'>> = {
  login: 'login',
  refreshToken: 'refresh-sign-in',
  signup: 'signup',
  sessionReportStatus: 'session-report',
  publicSetting: 'platform-company',
};

/**
 * Runs a route's handler in the database scope of its caller (wall 2): a company user's
 * company; a super admin, who may act on any company, or a platform service, through a named
 * bypass; public routes as listed above.
 */
export function inRouteScope<T>(
  name: RouteName,
  def: RouteDef,
  auth: Principal | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  if (def.access === 'internal') return asPlatform('internal-service', fn);
  if (def.access === 'public' || def.access === 'refresh') {
    const scope = PUBLIC_ROUTE_SCOPES[name];
    if (scope === 'platform-company') return withCompany(PLATFORM_COMPANY_ID, fn);
    return scope ? asPlatform(scope, fn) : fn();
  }
  if (!auth) return fn();
  return auth.super ? asPlatform('super-admin', fn) : withCompany(auth.companyId, fn);
}
