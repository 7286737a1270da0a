import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { AppError, isAppError, type ErrorCode, type FieldIssue } from '@atendo/domain';
import type { Logger } from '@atendo/core/logger.js';
import { isDatabaseUnavailable } from '@atendo/core/db/unavailable.js';

/** Zod issues as `{ field, message }`, naming the field of every failure. */
export function fieldIssues(err: ZodError, prefix = ''): FieldIssue[] {
  return err.issues.map((i) => ({
    field: [prefix, ...i.path.map(String)].filter(Boolean).join('.') || prefix || '(root)',
    message: i.message,
  }));
}

/** Unknown routes: 404 JSON. */
export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'ERR_NOT_FOUND' });
};

/**
 * The single mapping from errors to HTTP: AppError → its status and code; malformed JSON,
 * oversized bodies and validation failures → 4xx with a code; anything else → 500 with no
 * detail (the stack goes to the log only).
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (isAppError(err)) {
      res.status(err.status).json(err.toBody());
      return;
    }
    if (err instanceof ZodError) {
      res.status(400).json(new AppError('ERR_VALIDATION', { fields: fieldIssues(err) }).toBody());
      return;
    }
    const e = err as { type?: string; status?: number; code?: string };
    if (e?.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'ERR_INVALID_JSON' });
      return;
    }
    if (e?.type === 'entity.too.large' || e?.code === 'LIMIT_FILE_SIZE') {
      res.status(413).json({ error: 'ERR_PAYLOAD_TOO_LARGE' });
      return;
    }
    // PostgreSQL restarting or failing over: nothing was done, the request can be retried as it
    // is once the pool reconnects (docs/operations.md#when-postgresql-restarts).
    if (isDatabaseUnavailable(err)) {
      logger.warn(
        { method: req.method, path: req.path, cause: unavailableCause(err) },
        'database unavailable',
      );
      res.status(503).set('Retry-After', '2').json({ error: 'ERR_DATABASE_UNAVAILABLE' });
      return;
    }
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
      // Errors of other middleware (static files, body charset): keep the status, name it.
      res.status(e.status).json({ error: e.status === 404 ? 'ERR_NOT_FOUND' : 'ERR_VALIDATION' });
      return;
    }
    // A unique or foreign key the use case checked, lost to a concurrent request.
    if ((e?.code === '23505' || e?.code === '23503') && isDriverError(err)) {
      res.status(409).json({ error: e.code === '23505' ? duplicateCode(err) : 'ERR_CONFLICT' });
      return;
    }
    // PostgreSQL class 22 "data exception": the input cannot be stored as given (text with a
    // NUL byte, a number out of range, an impossible date) — bad input, not a server fault.
    if (typeof e?.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) && isDriverError(err)) {
      res.status(400).json({ error: 'ERR_VALIDATION' });
      return;
    }
    logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json({ error: 'ERR_INTERNAL' });
  };
}

/** What the log says of an unavailable database: the code or message, no query or parameter. */
function unavailableCause(err: unknown): string {
  const e = ((err as { driverError?: unknown }).driverError ?? err) as {
    code?: string;
    message?: string;
  };
  return e.code ?? e.message ?? 'unknown';
}

/** True for an error raised by the database driver (it carries a SQLSTATE code). */
function isDriverError(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return (
    name === 'QueryFailedError' ||
    name === 'error' ||
    (err as { driverError?: unknown })?.driverError !== undefined
  );
}

/** The duplicate code of each table whose unique keys clients can collide on. */
const DUPLICATE_BY_TABLE: Record<string, ErrorCode> = {
  users: 'ERR_DUPLICATED_EMAIL',
  companies: 'ERR_DUPLICATED_COMPANY',
  plans: 'ERR_DUPLICATED_PLAN',
  whatsapps: 'ERR_DUPLICATED_CONNECTION',
  files: 'ERR_DUPLICATED_FILE_LIST',
  queue_integrations: 'ERR_DUPLICATED_INTEGRATION',
};

/** The code a unique violation answers with: the table's own duplicate code, else ERR_CONFLICT. */
function duplicateCode(err: unknown): ErrorCode {
  const table =
    (err as { table?: string; driverError?: { table?: string } }).driverError?.table ??
    (err as { table?: string }).table;
  return (table && DUPLICATE_BY_TABLE[table]) || 'ERR_CONFLICT';
}
