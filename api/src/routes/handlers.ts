import { routes, type RouteName } from '@atendo/contract';
import type { AppContext } from '@atendo/core/context.js';
import * as modules from './index.js';
import type { BeforeRoutes, Handlers, ModuleHttp } from '../http/define-routes.js';

/**
 * Every module's handlers and per-route middleware as one: each contract route must have
 * exactly one handler, so a module left out of routes/index.ts fails at start, not as a 404.
 */
export function createModuleRoutes(ctx: AppContext): { handlers: Handlers; before: BeforeRoutes } {
  const handlers: Record<string, unknown> = {};
  const before: BeforeRoutes = {};
  for (const http of Object.values(modules) as ModuleHttp[]) {
    const part = http(ctx);
    for (const name of Object.keys(part.handlers)) {
      if (name in handlers) throw new Error(`Route ${name} is handled by two modules`);
      handlers[name] = part.handlers[name as RouteName];
    }
    Object.assign(before, part.before);
  }
  const missing = Object.keys(routes).filter((name) => !(name in handlers));
  if (missing.length) throw new Error(`Routes without a handler: ${missing.join(', ')}`);
  return { handlers: handlers as Handlers, before };
}
