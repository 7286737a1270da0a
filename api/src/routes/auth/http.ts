import cookieParser from 'cookie-parser';
import { rateLimit } from 'express-rate-limit';
import type { AppContext } from '@atendo/core/context.js';
import { preparedJson, type ModuleHttp } from '../../http/define-routes.js';
import { loginGuards } from '../../http/login-guards.js';
import { PostgresRateLimitStore } from '../../http/postgres-rate-limit-store.js';
import { noStore } from '../../http/security-headers.js';
import { loadUserView } from '@atendo/core/modules/users/load-user-view.js';
import { loginUser } from '@atendo/core/modules/auth/login-user.js';
import { logoutUser } from '@atendo/core/modules/auth/logout-user.js';
import { lookupCnpj } from '@atendo/core/modules/auth/lookup-cnpj.js';
import { refreshSignIn } from '@atendo/core/modules/auth/refresh-sign-in.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.js';
import { signupCompany } from '@atendo/core/modules/companies/signup-company.js';

/** The public CNPJ lookup proxies a third-party service: a modest per-IP budget. */
function lookupLimiter(ctx: AppContext) {
  return rateLimit({
    windowMs: 60_000,
    limit: 20,
    store: new PostgresRateLimitStore(ctx.ds, 'cnpj'),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: 'ERR_TOO_MANY_REQUESTS' });
    },
  });
}

export const authHttp: ModuleHttp = (ctx) => {
  const secure = ctx.config.NODE_ENV === 'production';
  const days = ctx.config.REFRESH_TOKEN_TTL_DAYS;
  return {
    handlers: {
      login: async ({ body, req, res }) => {
        const { refreshToken, ...result } = await loginUser(ctx, {
          ...body,
          userAgent: req.get('user-agent'),
          ip: req.ip,
        });
        setRefreshCookie(res, refreshToken, days, secure);
        return result;
      },
      refreshToken: async ({ req, res }) => {
        try {
          const { refreshToken, ...result } = await refreshSignIn(ctx, {
            refreshToken: readRefreshCookie(req),
            userAgent: req.get('user-agent'),
            ip: req.ip,
          });
          setRefreshCookie(res, refreshToken, days, secure);
          return result;
        } catch (err) {
          clearRefreshCookie(res, secure);
          throw err;
        }
      },
      logout: async ({ auth, res }) => {
        await logoutUser(ctx, { userId: auth.userId, companyId: auth.companyId });
        clearRefreshCookie(res, secure);
        return { message: 'Logged out' };
      },
      // What every console load asks first: kept between requests like the caller, as the
      // bytes it answers.
      me: async ({ auth }) =>
        (await ctx.cache.get(auth.companyId, `view:${auth.userId}`, async () =>
          preparedJson(
            'me',
            await loadUserView(ctx, { companyId: auth.companyId, userId: auth.userId }),
          ),
        ))!,
      signup: async ({ body }) => signupCompany(ctx, body),
      consultaCnpj: async ({ params }) => lookupCnpj(ctx, { cnpj: params.cnpj }),
    },
    before: {
      login: [noStore, ...loginGuards(ctx)],
      // The refresh cookie is read by this route alone (it is scoped to /auth).
      refreshToken: [noStore, cookieParser()],
      consultaCnpj: [lookupLimiter(ctx)],
    },
  };
};
