import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { AppError, isAdministrator } from '@atendo/domain';
import type { RouteDef } from '@atendo/contract';
import type { AppContext } from '../context.js';
import type { Principal } from '../modules/auth/tokens.js';
import type { Company, User } from '../db/entities/index.js';
import { companyInactiveSession, isCompanySuspended } from '../modules/auth/company-access.js';

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
    const user = await ctx.ds.getRepository<User>('User').findOne({
      where: { id: claims.userId },
      relations: { company: true },
      select: {
        id: true,
        companyId: true,
        profile: true,
        super: true,
        tokenVersion: true,
        company: { id: true, status: true, dueDate: true },
      },
    });
    if (!user) throw new AppError('ERR_SESSION_EXPIRED');
    if (user.tokenVersion !== claims.tokenVersion || user.companyId !== claims.companyId) {
      throw new AppError('ERR_INVALID_TOKEN');
    }
    // Suspension ends every session of the company at once, not only new logins.
    if (isCompanySuspended(user.company as Company)) throw companyInactiveSession();
    const principal: Principal = {
      userId: user.id,
      companyId: user.companyId,
      profile: user.profile === 'admin' ? 'admin' : 'user',
      super: user.super,
      tokenVersion: user.tokenVersion,
    };
    if (access === 'admin' && !isAdministrator(principal)) throw new AppError('ERR_NO_PERMISSION');
    if (access === 'super' && !principal.super) throw new AppError('ERR_NO_PERMISSION');
    return principal;
  };
}
