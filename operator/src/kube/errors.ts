import { ApiException } from '@kubernetes/client-node';

/** The HTTP status of a Kubernetes API error, if `err` is one. */
export function kubeStatusCode(err: unknown): number | undefined {
  if (err instanceof ApiException) return err.code as number;
  const code = (err as { code?: unknown; statusCode?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** True for a 404 from the API server (and only then: other errors are never "absent"). */
export function isNotFound(err: unknown): boolean {
  return kubeStatusCode(err) === 404;
}

/** True for a 409: optimistic-concurrency conflict or "already exists". */
export function isConflict(err: unknown): boolean {
  return kubeStatusCode(err) === 409;
}

/** A short, single-line description of an error for logs, events and status messages. */
export function describeError(err: unknown): string {
  if (err instanceof ApiException) {
    const body = parseBody(err.body);
    const message = typeof body?.message === 'string' ? body.message : undefined;
    return `kube api ${err.code}${message ? `: ${message}` : ''}`;
  }
  const status = (err as { status?: unknown } | null)?.status;
  if (err instanceof Error && typeof status === 'number') return `api answered ${status}: ${err.message}`;
  if (err instanceof Error) return err.message.split('\n')[0] ?? err.name;
  return String(err);
}

function parseBody(body: unknown): Record<string, unknown> | undefined {
  if (body && typeof body === 'object') return body as Record<string, unknown>;
  if (typeof body === 'string') {
    try {
      const parsed: unknown = JSON.parse(body);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
