import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: anyone, any logged-in user, company admins, super admins, the holder
 * of a refresh cookie, or a platform service (operator, session) with the internal token.
 * Finer rules (flags, plan) live in the use cases.
 */
export type Access = 'public' | 'user' | 'admin' | 'super' | 'refresh' | 'internal';

/** One HTTP route of the api: the single description used by api, client and OpenAPI. */
export interface RouteDef {
  method: HttpMethod;
  /** Express-style path, e.g. `/users/:id`. */
  path: string;
  access: Access;
  summary: string;
  /** Longer documentation for the OpenAPI document. */
  description?: string;
  /**
   * The bearer a public route reads itself, for the OpenAPI document: a connection's API
   * token (messages API).
   */
  credential?: 'connectionToken';
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** multipart/form-data upload (body fields arrive as text). */
  multipart?: boolean;
  /** The status of a successful call (default 200). */
  status?: number;
}

/** Declares a route, keeping its literal types. */
export function route<const T extends RouteDef>(def: T): T {
  return def;
}
