import type { z } from 'zod';
import type { RouteName, Routes } from '@atendo/contract';
// Method and path only: the route table with its schemas would ship them all to the browser.
import { routePaths } from '@atendo/contract/paths';
import type { ErrorBody } from '@atendo/domain';

/** Every route's method and path by name (the console shows a few URLs, e.g. Meta's callback). */
export { routePaths };

/**
 * The socket events' payload types, from their declarations in packages/contract/src/realtime.ts
 * (docs/product/realtime.md#events). Types only: the schemas stay out of the browser.
 */
export type {
  RealtimeEntity,
  RealtimePayload,
  RealtimeRawEvent,
  RealtimeRawPayload,
} from '@atendo/contract';

/** A failed call: the HTTP status and the `{ error }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(typeof body?.error === 'string' ? body.error : `HTTP ${status}`);
    this.name = 'ApiError';
  }
  /** The error code (`ERR_…`) or the raw error text. */
  get code(): string {
    return typeof this.body?.error === 'string' ? this.body.error : 'ERR_UNKNOWN';
  }
}

type ParamsOf<R> = R extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : { params?: undefined };
type QueryOf<R> = R extends { query: infer Q extends z.ZodType }
  ? { query?: Partial<z.input<Q>> }
  : { query?: undefined };
type BodyOf<R> = R extends { body: infer B extends z.ZodType }
  ? { body: z.input<B> }
  : R extends { multipart: true }
    ? { formData: FormData }
    : { body?: undefined };

/** What a call of route `K` takes. */
export type CallInput<K extends RouteName> = ParamsOf<Routes[K]> &
  QueryOf<Routes[K]> &
  BodyOf<Routes[K]> & { signal?: AbortSignal };
/** What a call of route `K` returns. */
export type CallOutput<K extends RouteName> = Routes[K] extends {
  response: infer S extends z.ZodType;
}
  ? z.output<S>
  : unknown;

export interface ApiClientOptions {
  /** Where the api listens, e.g. http://localhost:8080 */
  baseUrl: string;
  /** The current access token (bearer). */
  getToken?: () => string | null | undefined;
  /** Stores a token obtained by a refresh. */
  setToken?: (token: string) => void;
  /** Called on 401: the session is over. */
  onUnauthorized?: () => void;
  /** Refresh once on 403 and retry (browser: the refresh token is an httpOnly cookie). */
  refreshOn403?: boolean;
  /** Sends cookies (browser). */
  credentials?: 'include' | 'omit' | 'same-origin';
  fetch?: typeof fetch;
  /** Extra headers on every request (e.g. a cookie jar in Node). */
  headers?: () => Record<string, string>;
  /** Sees every response (e.g. to keep Set-Cookie in Node). */
  onResponse?: (res: Response) => void;
}

export interface RequestOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  formData?: FormData;
  signal?: AbortSignal;
}

/** Fills `:name` segments of a path. */
export function buildPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined || v === null) throw new Error(`Missing path parameter ${k}`);
    return encodeURIComponent(String(v));
  });
}

function queryString(query: Record<string, unknown> = {}): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    sp.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** The typed client over the contract, shared by the console, the CLI, the session and tests. */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = options.baseUrl.replace(/\/$/, '');
  let refreshing: Promise<boolean> | null = null;

  async function send(method: string, path: string, opts: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...(options.headers?.() ?? {}),
    };
    const token = options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: FormData | string | undefined;
    if (opts.formData) body = opts.formData;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await doFetch(`${base}${path}${queryString(opts.query)}`, {
      method,
      headers,
      body,
      credentials: options.credentials,
      signal: opts.signal,
    });
    options.onResponse?.(res);
    return res;
  }

  async function refresh(): Promise<boolean> {
    refreshing ??= (async () => {
      try {
        const res = await send('POST', routePaths.refreshToken[1], {});
        if (!res.ok) return false;
        const data = (await res.json()) as { token: string };
        options.setToken?.(data.token);
        return true;
      } catch {
        return false;
      } finally {
        setTimeout(() => (refreshing = null), 0);
      }
    })();
    return refreshing;
  }

  /** Any call by method and path; throws ApiError on a non-2xx answer. */
  async function request<T = unknown>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<T> {
    let res = await send(method, path, opts);
    if (res.status === 403 && options.refreshOn403 && path !== routePaths.refreshToken[1]) {
      if (await refresh()) res = await send(method, path, opts);
    }
    if (res.status === 401) options.onUnauthorized?.();
    const text = await res.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (!res.ok) {
      const body = (
        data && typeof data === 'object' ? data : { error: String(data ?? `HTTP ${res.status}`) }
      ) as ErrorBody;
      throw new ApiError(res.status, body);
    }
    return data as T;
  }

  /** A contract route by name, with typed params, query, body and result. */
  async function call<K extends RouteName>(
    name: K,
    input: CallInput<K> = {} as CallInput<K>,
  ): Promise<CallOutput<K>> {
    const [method, path] = routePaths[name];
    const i = input as RequestOptions & { params?: Record<string, unknown> };
    return request<CallOutput<K>>(method, buildPath(path, i.params), {
      query: i.query as Record<string, unknown> | undefined,
      body: i.body,
      formData: i.formData,
      signal: i.signal,
    });
  }

  return { call, request, refresh, baseUrl: base };
}

export type ApiClient = ReturnType<typeof createApiClient>;
