import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { routes } from '@atendo/contract';
import { AppError } from '@atendo/domain';
import type { AppContext } from '../context.js';
import { fieldIssues } from './errors.js';
import { PostgresRateLimitStore } from './postgres-rate-limit-store.js';

/**
 * The login body through the contract's schema before any limiter reads it: a malformed body
 * is a 400 that costs nothing, and the limiters key on the normalised email the use case will
 * look up (so " Victim@x" is the same budget as "victim@x").
 */
const validateLoginBody: RequestHandler = (req, _res, next) => {
  const parsed = routes.login.body.safeParse(req.body);
  if (!parsed.success) {
    next(new AppError('ERR_VALIDATION', { fields: fieldIssues(parsed.error, '') }));
    return;
  }
  req.body = parsed.data;
  next();
};

function limiter(
  ctx: AppContext,
  o: { prefix: string; limit: number; key: (ip: string, email: string) => string },
): RequestHandler {
  return rateLimit({
    windowMs: ctx.config.LOGIN_RATE_WINDOW_MS,
    limit: o.limit,
    // Only failures count: a user who signs in is not slowed by colleagues behind one NAT.
    skipSuccessfulRequests: true,
    store: new PostgresRateLimitStore(ctx.ds, o.prefix),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (req) =>
      o.key(ipKeyGenerator(req.ip ?? ''), (req.body as { email: string }).email),
    handler: (_req, res) => {
      res.status(429).json({ error: 'ERR_TOO_MANY_REQUESTS' });
    },
  });
}

/**
 * What runs before the login handler: validation, then two budgets of failed attempts shared
 * by every replica — per IP (each attempt costs a scrypt hash, whatever the email) and per IP
 * and email (guessing one account's password).
 */
export function loginGuards(ctx: AppContext): RequestHandler[] {
  return [
    validateLoginBody,
    limiter(ctx, {
      prefix: 'login-ip',
      limit: ctx.config.LOGIN_IP_RATE_LIMIT,
      key: (ip) => ip,
    }),
    limiter(ctx, {
      prefix: 'login',
      limit: ctx.config.LOGIN_RATE_LIMIT,
      key: (ip, email) => `${ip}|${email}`,
    }),
  ];
}
