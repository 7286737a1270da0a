import type { AppContext } from '../../context.js';

/** A Graph API call that did not succeed: its status and Meta's error, never the token. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly graph: { code?: number; message?: string } = {},
  ) {
    super(`Graph ${path} answered ${status}${graph.message ? `: ${graph.message}` : ''}`);
    this.name = 'GraphError';
  }
}

export interface GraphCall {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Relative to META_GRAPH_URL (`/123/messages`), or an absolute URL (a media download). */
  path: string;
  /** Null for a public URL (a Messenger attachment on Meta's CDN): no token leaves us for it. */
  token: string | null;
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
}

/** The URL of a Graph path under the configured base (version included). */
export function graphUrl(ctx: AppContext, path: string, query: Record<string, string> = {}): URL {
  const url = /^https?:\/\//.test(path)
    ? new URL(path)
    : new URL(`${ctx.config.META_GRAPH_URL.replace(/\/$/, '')}${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url;
}

/**
 * One Graph API request with the token as a bearer header (never in the URL, so it never
 * reaches a log line), a timeout, and Meta's JSON error turned into a GraphError.
 */
async function graphFetch(ctx: AppContext, call: GraphCall): Promise<Response> {
  const headers: Record<string, string> = call.token
    ? { Authorization: `Bearer ${call.token}` }
    : {};
  let body: string | FormData | undefined;
  if (call.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form) body = call.form;
  const res = await fetch(graphUrl(ctx, call.path, call.query), {
    method: call.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: AbortSignal.timeout(ctx.config.META_GRAPH_TIMEOUT_MS),
  });
  if (!res.ok) {
    const payload = (await res.json().catch(() => ({}))) as {
      error?: { code?: number; message?: string };
    };
    throw new GraphError(res.status, call.path.split('?')[0]!, payload.error);
  }
  return res;
}

/** A Graph call answering JSON. */
export async function graphJson<T>(ctx: AppContext, call: GraphCall): Promise<T> {
  return (await (await graphFetch(ctx, call)).json()) as T;
}

/** A Graph download: the bytes and the type the server gave them. */
export async function graphBytes(
  ctx: AppContext,
  call: GraphCall,
): Promise<{ data: Buffer; mimetype: string | null }> {
  const res = await graphFetch(ctx, call);
  const type = res.headers.get('content-type');
  return {
    data: Buffer.from(await res.arrayBuffer()),
    mimetype: type ? type.split(';')[0]!.trim() : null,
  };
}
