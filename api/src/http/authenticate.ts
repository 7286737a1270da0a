import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { AppError, isAdministrator, masksContactNumbers } from '@atendo/domain';
import type { RouteDef } from '@atendo/contract';
import type { AppContext } from '@atendo/core/context.js';
import type { CallerProfile, Principal } from '@atendo/core/access/principal.js';
import { tenantData } from '@atendo/core/db/tenant-data.js';
import {
  companyInactiveAfterSignIn,
  isCompanySuspended,
} from '@atendo/core/access/company-access.js';

/** The caller as the request path reads it: who they are and their company's state. */
interface CallerRow extends Omit<CallerProfile, 'timezone' | 'profile' | 'hidesContactNumbers'> {
  id: number;
  companyId: number;
  profile: string;
  super: boolean;
  tokenVersion: number;
  'company.id': number;
  'company.status': boolean;
  'company.dueDate': string | null;
  'company.timezone': string | null;
  /** The company's LGPD switches (enableLGPD, lgpdHideNumber), read for profile users only. */
  lgpdSettings: Record<string, string | null> | null;
}

/** The caller of a request, with their company's state and their queues. */
const CALLER_SQL = `SELECT u.id, u."companyId", u.profile, u.super, u."tokenVersion",
       c.id AS "company.id", c.status AS "company.status",
       c."dueDate"::text AS "company.dueDate", c.timezone AS "company.timezone",
       u.name, u."allTicket", u."allowGroup", u."allHistoric", u."allUserChat",
       u."userClosePendingTicket", u."showDashboard", u."allowRealTime",
       u."allowConnections", u."farewellMessage",
       COALESCE((SELECT array_agg(uq."queueId" ORDER BY uq."queueId") FROM user_queues uq
                  WHERE uq."userId" = u.id), '{}') AS "queueIds",
       CASE WHEN u.profile <> 'admin' AND NOT u.super THEN
         (SELECT json_object_agg(s.key, s.value) FROM settings s
           WHERE s."companyId" = u."companyId" AND s.key IN ('enableLGPD', 'lgpdHideNumber'))
       END AS "lgpdSettings"
  FROM users u JOIN companies c ON c.id = u."companyId"
 WHERE u.id = $1`;

/** The bearer token of a request, if any. */
export function bearerToken(req: Request): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const [scheme, token] = h.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Resolves the caller of a protected route. No token: 401 ERR_SESSION_EXPIRED (the console
 * logs out). A bad, expired or superseded token: 403 ERR_INVALID_TOKEN (the console refreshes
 * once and retries). A user of a suspended company: 401 ERR_COMPANY_INACTIVE. Profile and
 * super come from the database, not from the token.
 */
export function createAuthenticate(ctx: AppContext) {
  return async function authenticate(
    req: Request,
    access: RouteDef['access'],
  ): Promise<Principal | undefined> {
    if (access === 'refresh') return undefined;
    const token = bearerToken(req);
    if (access === 'internal') {
      const expected = ctx.config.INTERNAL_TOKEN;
      // Internal routes do not exist unless a service token is configured.
      if (!expected) throw new AppError('ERR_NOT_FOUND');
      if (!token) throw new AppError('ERR_SESSION_EXPIRED');
      const a = Buffer.from(token);
      const b = Buffer.from(expected);
      if (a.length !== b.length || !timingSafeEqual(a, b)) throw new AppError('ERR_INVALID_TOKEN');
      return undefined;
    }
    if (!token) {
      if (access === 'public') return undefined;
      throw new AppError('ERR_SESSION_EXPIRED');
    }
    const claims = await ctx.tokens.verifyAccess(token);
    if (!claims) {
      if (access === 'public') return undefined;
      throw new AppError('ERR_INVALID_TOKEN');
    }
    // The hot path of every request: one lean query, in the token's company scope (a user of
    // another company is simply not found), kept between requests until anything it reads
    // changes (db/tenant-cache.ts).
    const user = await ctx.cache.get(claims.companyId, `caller:${claims.userId}`, async () => {
      const [row] = await tenantData(ctx.ds, claims.companyId).prepared<CallerRow>(
        'authenticate-caller',
        CALLER_SQL,
        [claims.userId],
      );
      return row;
    });
    if (!user) throw new AppError('ERR_SESSION_EXPIRED');
    if (user.tokenVersion !== claims.tokenVersion || user.companyId !== claims.companyId) {
      throw new AppError('ERR_INVALID_TOKEN');
    }
    // Suspension ends every sign-in of the company at once, not only new logins.
    const company = {
      id: user['company.id'],
      status: user['company.status'],
      dueDate: user['company.dueDate'],
      timezone: user['company.timezone'],
    };
    if (isCompanySuspended(company)) throw companyInactiveAfterSignIn();
    const profile = user.profile === 'admin' ? 'admin' : 'user';
    const principal: Principal = {
      userId: user.id,
      companyId: user.companyId,
      profile,
      super: user.super,
      tokenVersion: user.tokenVersion,
      caller: {
        id: user.id,
        companyId: user.companyId,
        name: user.name,
        profile,
        super: user.super,
        allTicket: user.allTicket,
        allowGroup: user.allowGroup,
        allHistoric: user.allHistoric,
        allUserChat: user.allUserChat,
        userClosePendingTicket: user.userClosePendingTicket,
        showDashboard: user.showDashboard,
        allowRealTime: user.allowRealTime,
        allowConnections: user.allowConnections,
        farewellMessage: user.farewellMessage,
        queueIds: user.queueIds,
        timezone: user['company.timezone'],
        hidesContactNumbers: !user.super && masksContactNumbers(user.lgpdSettings ?? {}, profile),
      },
    };
    if (access === 'admin' && !isAdministrator(principal)) throw new AppError('ERR_NO_PERMISSION');
    if (access === 'super' && !principal.super) throw new AppError('ERR_NO_PERMISSION');
    return principal;
  };
}
