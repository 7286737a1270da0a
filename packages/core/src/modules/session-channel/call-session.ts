import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import { openSecret } from '../../db/sealed-secrets.js';
import { controlKeyContext } from './session-secrets.js';

/** How long one call to a session may take (a media send uploads the file first). */
const CALL_TIMEOUT_MS = 30_000;

/** A session that cannot take the call now (not running, not reported, not connected). */
export class SessionUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SessionUnavailableError';
  }
}

/**
 * Calls a connection's session control server (`POST <endpoint><path>` with its control key as
 * bearer) and answers its JSON (undefined for 204). A session that never reported where it
 * listens, cannot be reached or answers an error throws SessionUnavailableError: the caller
 * (message delivery) retries later. The control key and the endpoint are never logged.
 */
export async function callSession<T = unknown>(
  ctx: AppContext,
  conn: { companyId: number; whatsappId: number },
  path: string,
  body?: unknown,
  o: { timeoutMs?: number } = {},
): Promise<T> {
  const w = await tenantData(ctx.ds, conn.companyId)
    .of(WhatsappEntity)
    .findOne({
      where: { id: conn.whatsappId },
      select: { id: true, sessionEndpoint: true, sessionControlKey: true },
    });
  const key = w && openSecret(ctx, w.sessionControlKey, controlKeyContext(w.id));
  if (!w?.sessionEndpoint || !key)
    throw new SessionUnavailableError('the session has not reported its control server');
  let res: Response;
  try {
    res = await fetch(new URL(path.replace(/^\//, ''), w.sessionEndpoint.replace(/\/?$/, '/')), {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(o.timeoutMs ?? CALL_TIMEOUT_MS),
    });
  } catch (err) {
    throw new SessionUnavailableError(
      `the session cannot be reached (${(err as Error).name}: ${(err as Error).message})`,
    );
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new SessionUnavailableError(
      `the session answered ${res.status} to ${path}: ${text.slice(0, 200)}`,
      res.status,
    );
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
