import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppContext } from '@atendo/core/context.js';
import { bearerToken } from '../../http/authenticate.js';
import { PostgresRateLimitStore } from '../../http/postgres-rate-limit-store.js';

/**
 * The messages API's budget per connection (its token), shared by every replica through the
 * database: MESSAGES_API_RATE_LIMIT requests a minute. Requests without a token are not
 * counted here; they are refused by the route itself.
 */
export function messagesApiRateLimit(ctx: AppContext): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: ctx.config.MESSAGES_API_RATE_LIMIT,
    store: new PostgresRateLimitStore(ctx.ds, 'messages-api'),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skip: (req) => !bearerToken(req),
    // The token's hash: the store never holds a usable credential.
    keyGenerator: (req) => createHash('sha256').update(bearerToken(req)!).digest('hex'),
    handler: (_req, res) => {
      res.status(429).json({ error: 'ERR_TOO_MANY_REQUESTS' });
    },
  });
}
