import express, { type Request, type Response, type Router, type RequestHandler } from 'express';
import type { z } from 'zod';
import { routes, type RouteDef, type RouteName, type Routes } from '@atendo/contract';
import { AppError } from '@atendo/domain';
import { fieldIssues } from './errors.js';
import { inRouteScope } from './route-scope.js';
import type { AppContext } from '../context.js';
import type { Principal } from '../modules/auth/tokens.js';

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

/** A route's answer already shaped by its response schema and serialised (see preparedJson). */
export interface PreparedJson {
  readonly [PREPARED]: string;
}

/**
 * A route's answer shaped by its response schema and serialised once, for an answer kept
 * between requests (the tenant cache): each request then sends the same bytes instead of
 * checking and serialising the same object again.
 */
export function preparedJson<K extends RouteName>(name: K, value: Result<K>): PreparedJson {
  const def = routes[name] as RouteDef;
  return { [PREPARED]: JSON.stringify(def.response ? sendable(def, value) : value) };
}

function isPrepared(v: unknown): v is PreparedJson {
  return typeof v === 'object' && v !== null && PREPARED in v;
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
 * Mounts contract routes on a router: guards by access level, validates params, query and
 * body with the contract's zod schemas, and sends only what the response schema lists.
 */
export function mountRoutes(router: Router, guards: RouteGuards, handlers: Handlers): void {
  for (const name of mountOrder(Object.keys(handlers) as RouteName[])) {
    const def = routes[name] as RouteDef;
    const handler = handlers[name] as Handler<RouteName>;
    const method = def.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    const before = guards.before?.[name] ?? [];
    router[method](def.path, ...before, async (req: Request, res: Response, next) => {
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
        if (isPrepared(result)) {
          res
            .status(def.status ?? 200)
            .type('json')
            .send(result[PREPARED]);
          return;
        }
        const out = def.response ? sendable(def, result) : result;
        res.status(def.status ?? 200).json(out ?? null);
      } catch (err) {
        next(err);
      }
    });
  }
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
  const routers = new Map<string, Router>();
  for (const [key, group] of groups) {
    const router = express.Router();
    mountRoutes(router, guards, group);
    routers.set(key, router);
  }
  return (req, res, next) => {
    const segment = req.path.split('/')[1]?.toLowerCase() ?? '';
    const router = routers.get(segment);
    if (!router) return next();
    router(req, res, next);
  };
}
