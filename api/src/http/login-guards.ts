import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo } from 'express-rate-limit';
import { routes } from '@atendo/contract';
import { AppError } from '@atendo/domain';
import type { AppContext } from '@atendo/core/context.js';
import { fieldIssues } from './errors.js';
import { PostgresRateLimitStore } from './postgres-rate-limit-store.js';

/**
 * Attempts that may wait, per address and api process, behind the one being checked: with the
 * default longest pause (3 s) and a scrypt each, the last waits about half a minute, within an
 * ingress's read timeout. More are refused at once, costing nothing.
 */
const MAX_WAITING = 10;

/** Where the per-IP limiter leaves its count on the request, for the paced lane. */
const IP_BUDGET = 'loginIpBudget';

type BudgetedRequest = Request & { [IP_BUDGET]?: RateLimitInfo };

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

const tooMany = (res: Parameters<RequestHandler>[1]) => {
  res.status(429).json({ error: 'ERR_TOO_MANY_REQUESTS' });
};

function limiter(
  ctx: AppContext,
  o: {
    prefix: string;
    limit: number;
    key: (ip: string, email: string) => string;
    /** Past the limit: refuse (the default), or let the request on with its count. */
    overLimit?: RequestHandler;
  },
): RequestHandler {
  return rateLimit({
    windowMs: ctx.config.LOGIN_RATE_WINDOW_MS,
    limit: o.limit,
    // Only failures count: a user who signs in is not slowed by colleagues behind one NAT.
    skipSuccessfulRequests: true,
    store: new PostgresRateLimitStore(ctx.ds, o.prefix),
    // A request let on past the limit must not carry a Retry-After.
    standardHeaders: o.overLimit ? false : 'draft-7',
    legacyHeaders: false,
    requestPropertyName: o.overLimit ? IP_BUDGET : 'rateLimit',
    keyGenerator: (req) =>
      o.key(ipKeyGenerator(req.ip ?? ''), (req.body as { email: string }).email),
    handler: o.overLimit ?? ((_req, res) => tooMany(res)),
  });
}

/** How an address past its failure budget is paced. */
export interface PacedLaneOptions {
  /** The pause before an attempt, from how many failures past the budget its address has. */
  pauseMs: (pastBudget: number) => number;
  /** Attempts that may wait behind the one being checked, per address; more are refused. */
  maxWaiting: number;
}

/**
 * The lane of addresses past their failure budget (the per-IP limiter's count on the request):
 * their attempts are checked one at a time per address in this process, each after a pause
 * that grows with the failures, so an address costs at most one scrypt at a time per replica
 * and a correct password still signs in. Within budget, attempts pass straight on. An attempt
 * whose client left while it waited is never checked.
 */
export function pacedLane(o: PacedLaneOptions): RequestHandler {
  // An address has a lane while one of its attempts is being checked; behind it, the others.
  const lanes = new Map<string, (() => void)[]>();

  /** The turn's end: the next waiter goes, or the lane is dropped. Safe to call twice. */
  const releaser = (key: string, waiting: (() => void)[]) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) next();
      else lanes.delete(key);
    };
  };

  return (req, res, next) => {
    const budget = (req as BudgetedRequest)[IP_BUDGET];
    if (!budget || budget.used <= budget.limit) return next();
    const { key } = budget;
    const lane = lanes.get(key);
    if (lane && lane.length >= o.maxWaiting) return tooMany(res);

    let gone = false;
    let release: (() => void) | undefined;
    // 'close' comes when the answer is sent, and when the client leaves before that.
    res.once('close', () => {
      gone = true;
      release?.();
    });
    const turn = (waiting: (() => void)[]) => {
      release = releaser(key, waiting);
      if (gone) return release();
      setTimeout(
        () => {
          if (!gone) next();
        },
        o.pauseMs(budget.used - budget.limit),
      );
    };
    if (lane) lane.push(() => turn(lane));
    else {
      const fresh: (() => void)[] = [];
      lanes.set(key, fresh);
      turn(fresh);
    }
  };
}

/**
 * What runs before the login handler: validation, then two budgets of failed attempts shared
 * by every replica. Per IP and email (guessing one account's password): past it, refused.
 * Per IP, whatever the email (each attempt costs a scrypt hash): past it, slowed down through
 * the paced lane, never refused for a correct password — one address may be a whole company's
 * NAT, or every client when TRUST_PROXY does not name the ingress.
 */
export function loginGuards(ctx: AppContext): RequestHandler[] {
  const { LOGIN_IP_DELAY_MS: step, LOGIN_IP_MAX_DELAY_MS: max } = ctx.config;
  return [
    validateLoginBody,
    limiter(ctx, {
      prefix: 'login-ip',
      limit: ctx.config.LOGIN_IP_RATE_LIMIT,
      key: (ip) => ip,
      overLimit: (_req, _res, next) => next(),
    }),
    limiter(ctx, {
      prefix: 'login',
      limit: ctx.config.LOGIN_RATE_LIMIT,
      key: (ip, email) => `${ip}|${email}`,
    }),
    pacedLane({ pauseMs: (past) => Math.min(max, step * past), maxWaiting: MAX_WAITING }),
  ];
}
