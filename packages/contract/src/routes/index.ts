import type { RouteDef } from '../define.js';
import * as modules from './modules.js';

type Modules = typeof modules;
/** `A | B` → `A & B`: the route objects of every module as one. */
type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (all: infer I) => void
  ? I
  : never;
type Flat<T> = { [K in keyof T]: T[K] };

function merge(parts: Record<string, RouteDef>[]): Record<string, RouteDef> {
  const all: Record<string, RouteDef> = {};
  for (const part of parts)
    for (const [name, def] of Object.entries(part)) {
      // A name is the handler's key, the client's method and the OpenAPI operationId.
      if (name in all) throw new Error(`Route name ${name} is declared by two modules`);
      all[name] = def;
    }
  return all;
}

/** Every route of the api, keyed by a stable name unique across modules. */
export const routes = merge(Object.values(modules)) as Flat<Merged<Modules[keyof Modules]>>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
