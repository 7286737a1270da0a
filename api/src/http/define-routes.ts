import express, {
  type NextFunction,
  type Request,
  type Response,
  type Router,
  type RequestHandler,
} from 'express';
import type { z } from 'zod';
import {
  firstDifference,
  routes,
  type RouteDef,
  type RouteName,
  type Routes,
} from '@atendo/contract';
import { AppError } from '@atendo/domain';
import { fieldIssues } from './errors.js';
import { inRouteScope } from './route-scope.js';
import type { AppContext } from '@atendo/core/context.js';
import type { Principal } from '@atendo/core/access/principal.js';
import { contactNumberMasker } from '@atendo/core/modules/contacts/number-masking.js';

type Parsed<R, K extends string> = R extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** What a route handler receives: validated input and the caller. */
export interface HandlerContext<K extends RouteName> {
  params: Parsed<Routes[K], 'params'>;
  query: Parsed<Routes[K], 'query'>;
  body: Parsed<Routes[K], 'body'>;
  /** The authenticated caller (absent only on public routes). */
  auth: Routes[K] extends { access: 'public' | 'refresh' | 'internal' }
    ? Principal | undefined
    : Principal;
  req: Request;
  res: Response;
}

type Result<K extends RouteName> = Routes[K] extends { response: infer S extends z.ZodType }
  ? z.input<S>
  : unknown;

export type Handler<K extends RouteName> = (
  ctx: HandlerContext<K>,
) => Promise<Result<K> | PreparedJson>;

const PREPARED = Symbol('atendo.preparedJson');

/**
 * A route's answer as the JSON text it sends: shaped by its response schema and serialised
 * (preparedJson), or built by PostgreSQL (sqlJson).
 */
export interface PreparedJson {
  readonly [PREPARED]: { json: string | Buffer; length?: number; etag?: string; fromSql?: true };
}

/**
 * A route's answer shaped by its response schema and serialised once, for an answer kept
 * between requests (the tenant cache): each request then sends the same bytes instead of
 * checking and serialising the same object again.
 */
export function preparedJson<K extends RouteName>(name: K, value: Result<K>): PreparedJson {
  const def = routes[name] as RouteDef;
  return { [PREPARED]: { json: JSON.stringify(def.response ? sendable(def, value) : value) } };
}

/**
 * A route's answer as PostgreSQL built it (json_build_object … ::text), sent as it is: a hot
 * list then skips parsing the rows, checking them against the response schema and serialising
 * them again, which is most of its CPU. The SQL must build exactly what the schema would send;
 * with CHECK_SQL_JSON (on under NODE_ENV=test) every such answer is checked against the schema
 * on the way out, so any test that reaches the route catches a drift as a 500.
 */
export function sqlJson<K extends RouteName>(_name: K, json: Buffer): PreparedJson {
  // No ETag: hashing a large list on every request would cost what this saves.
  return { [PREPARED]: { json, etag: '', fromSql: true } };
}

/**
 * Throws unless `json` is exactly what the route's response schema would send for it (same
 * values; key order aside): what CHECK_SQL_JSON runs on every SQL-built answer.
 */
export function checkSqlJson(def: RouteDef, json: string | Buffer): void {
  const sent = JSON.parse(json.toString('utf8')) as unknown;
  const shaped = def.response ? sendable(def, sent) : sent;
  const where = firstDifference(shaped, sent, '');
  if (where !== undefined)
    throw new Error(
      `SQL-built answer of ${def.method} ${def.path} differs from its schema's at ${where || '(root)'}`,
    );
}

function isPrepared(v: unknown): v is PreparedJson {
  return typeof v === 'object' && v !== null && PREPARED in v;
}

/**
 * A prepared answer as the value it holds. Only a caller who sees numbers masked pays for
 * this: everyone else gets the bytes as they were built, so the hot lists stay unparsed.
 */
function parsePrepared(prepared: PreparedJson): unknown {
  const { json } = prepared[PREPARED];
  return JSON.parse(typeof json === 'string' ? json : json.toString('utf8')) as unknown;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a prepared answer as express's res.json would (same headers, same weak ETag, 304 on a
 * matching If-None-Match, no body for HEAD), with the ETag computed once per preparation. The
 * body goes out as the string or bytes it is, which node writes in one piece with the headers.
 */
function sendPrepared(res: Response, status: number, prepared: PreparedJson): void {
  const p = prepared[PREPARED];
  p.length ??= Buffer.byteLength(p.json);
  if (p.etag === undefined) {
    const etagFn = res.app.get('etag fn') as ((body: string | Buffer) => string) | undefined;
    p.etag = etagFn ? etagFn(p.json) : '';
  }
  res.statusCode = status;
  if (p.etag) res.setHeader('ETag', p.etag);
  if (res.req.fresh) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', p.length);
  res.end(res.req.method === 'HEAD' ? undefined : p.json);
}

/**
 * A JSON answer: through express's res.json for reads (its weak ETag, 304 on a matching
 * If-None-Match) and for 204 (no body); written as it is otherwise. Express hashes every
 * answer it sends to make an ETag, which a write's answer never uses (a webhook's `{received}`
 * was hashed on each of Meta's deliveries).
 */
function sendJson(res: Response, status: number, value: unknown): void {
  const method = res.req.method;
  if (method === 'GET' || method === 'HEAD' || status === 204) {
    res.status(status).json(value);
    return;
  }
  sendPrepared(res, status, { [PREPARED]: { json: JSON.stringify(value), etag: '' } });
}

function parse(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const r = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!r.success)
    throw new AppError('ERR_VALIDATION', {
      fields: fieldIssues(r.error, where === 'body' ? '' : where),
    });
  return r.data;
}

/**
 * The handler's result through the route's response schema. A result that does not fit is
 * the server's bug, not the client's: it must surface as a logged 500, never as a 400.
 */
function sendable(def: RouteDef, result: unknown): unknown {
  const r = def.response!.safeParse(result);
  if (!r.success)
    throw new Error(
      `Response of ${def.method} ${def.path} does not match its schema: ${r.error.message}`,
    );
  return r.data;
}

/** Handlers of some contract routes, keyed by route name. */
export type Handlers = { [K in RouteName]?: Handler<K> };

/** Extra middleware per route (rate limits, uploads), run before validation and the handler. */
export type BeforeRoutes = Partial<Record<RouteName, RequestHandler[]>>;

/**
 * The HTTP side of one module (`modules/<module>/http.ts`): the handlers of its routes and
 * their extra middleware, built once per app from the app context.
 */
export type ModuleHttp = (ctx: AppContext) => { handlers: Handlers; before?: BeforeRoutes };

export interface RouteGuards {
  /** Resolves the caller for protected routes; throws 401/403 AppErrors. */
  authenticate: (req: Request, access: RouteDef['access']) => Promise<Principal | undefined>;
  /** Extra middleware per route (rate limits, uploads). */
  before?: BeforeRoutes;
  /** Check every SQL-built answer against its route's response schema (sqlJson). */
  checkSqlJson?: boolean;
}

/**
 * Routes in an order where a literal segment is tried before a parameter at the same place
 * (`/messages/media` before `/messages/:ticketId`), whatever module declares them: a parameter
 * route that claimed the literal's requests would refuse them as invalid parameters.
 */
export function mountOrder(names: RouteName[]): RouteName[] {
  const key = (name: RouteName) =>
    (routes[name] as RouteDef).path
      .split('/')
      .map((s) => (s.startsWith(':') ? '\uffff' : s))
      .join('/');
  return [...names].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * The middleware chain of one contract route: its extra middleware, then one step that guards
 * by access level, validates params, query and body with the contract's zod schemas, runs the
 * handler in its route scope and sends only what the response schema lists.
 */
function routeChain(name: RouteName, guards: RouteGuards, handler: Handler<RouteName>) {
  const def = routes[name] as RouteDef;
  const status = def.status ?? 200;
  // LGPD hide-number (docs/product/tickets.md#who-sees-which-tickets) is a property of the answer, not of the handler: whatever the
  // response schema declares a contact's number leaves masked for a caller who sees numbers so.
  const maskNumbers = contactNumberMasker(def.response);
  const run: RequestHandler = async (req, res, next) => {
    try {
      const auth = await guards.authenticate(req, def.access);
      const ctx = {
        params: parse(def.params, req.params, 'params'),
        query: parse(def.query, req.query, 'query'),
        body: parse(def.body, req.body, 'body'),
        auth,
        req,
        res,
      } as HandlerContext<RouteName>;
      const result = await inRouteScope(name, def, auth, () => handler(ctx));
      if (res.headersSent) return;
      const masking = maskNumbers && auth?.caller?.hidesContactNumbers ? maskNumbers : null;
      if (isPrepared(result)) {
        if (guards.checkSqlJson && result[PREPARED].fromSql)
          checkSqlJson(def, result[PREPARED].json);
        if (!masking) return sendPrepared(res, status, result);
        return sendJson(res, status, masking(parsePrepared(result)));
      }
      const out = def.response ? sendable(def, result) : result;
      sendJson(res, status, (masking ? masking(out) : out) ?? null);
    } catch (err) {
      next(err);
    }
  };
  return [...(guards.before?.[name] ?? []), run];
}

/**
 * Mounts contract routes on a router: guards by access level, validates params, query and
 * body with the contract's zod schemas, and sends only what the response schema lists.
 */
export function mountRoutes(router: Router, guards: RouteGuards, handlers: Handlers): void {
  for (const name of mountOrder(Object.keys(handlers) as RouteName[])) {
    const def = routes[name] as RouteDef;
    const method = def.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](def.path, ...routeChain(name, guards, handlers[name] as Handler<RouteName>));
  }
}

/**
 * Runs a middleware chain as express's router would for a matched route: an error (thrown,
 * passed to next or a rejected promise) goes to the error handler (`next('route')` reaches
 * express's own next, which treats it as it does for any layer).
 */
function runChain(chain: RequestHandler[], req: Request, res: Response, next: NextFunction) {
  let i = 0;
  const step = (err?: unknown): void => {
    if (err !== undefined && err !== null) return next(err);
    const h = chain[i++];
    if (!h) return next();
    try {
      const ret = h(req, res, step) as unknown;
      if (ret instanceof Promise)
        ret.then(undefined, (e: unknown) => next(e ?? new Error('Rejected promise')));
    } catch (e) {
      next(e);
    }
  };
  step();
}

/** A path without parameters, as a lookup key: express matches paths case-insensitively. */
function staticKey(method: string, path: string): string {
  return `${method} ${path.toLowerCase()}`;
}

/**
 * The contract routes as one middleware that picks a router by the path's first segment
 * (`/auth/me` → the `auth` routes) instead of trying all ~200 routes in turn on every request.
 * Matching stays express's own (case-insensitive, trailing slash allowed) inside each group;
 * no contract path starts with a parameter, which mountRoutes' callers rely on here.
 */
export function routeDispatcher(guards: RouteGuards, handlers: Handlers): RequestHandler {
  const groups = new Map<string, Handlers>();
  for (const name of Object.keys(handlers) as RouteName[]) {
    const segment = (routes[name] as RouteDef).path.split('/')[1]!;
    if (segment.startsWith(':')) throw new Error(`${name}: a path may not start with a parameter`);
    const key = segment.toLowerCase();
    const group = groups.get(key) ?? {};
    (group as Record<string, unknown>)[name] = handlers[name];
    groups.set(key, group);
  }
  // Paths without parameters (most requests: /auth/me, /users, /tickets…) are one map lookup;
  // the others go to their segment's router. A literal path tried first is what mountOrder
  // does too (a literal before a parameter at the same place).
  const exact = new Map<string, RequestHandler[]>();
  const routers = new Map<string, Router>();
  for (const [key, group] of groups) {
    const withParams: Handlers = {};
    for (const name of Object.keys(group) as RouteName[]) {
      const def = routes[name] as RouteDef;
      if (/[:*{(]/.test(def.path)) (withParams as Record<string, unknown>)[name] = group[name];
      else
        exact.set(
          staticKey(def.method, def.path),
          routeChain(name, guards, group[name] as Handler<RouteName>),
        );
    }
    if (Object.keys(withParams).length === 0) continue;
    const router = express.Router();
    mountRoutes(router, guards, withParams);
    routers.set(key, router);
  }
  return (req, res, next) => {
    const path = req.path;
    // As express's non-strict routing: one trailing slash is the same path; HEAD runs GET.
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const chain =
      exact.get(staticKey(req.method, trimmed)) ??
      (req.method === 'HEAD' ? exact.get(staticKey('GET', trimmed)) : undefined);
    if (chain) return runChain(chain, req, res, next);
    const router = routers.get(path.split('/')[1]?.toLowerCase() ?? '');
    if (!router) return next();
    router(req, res, next);
  };
}
