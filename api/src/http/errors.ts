import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { AppError, isAppError, type FieldIssue } from '@atendo/domain';
import type { Logger } from '../logger.js';

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
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
      res.status(e.status).json({ error: 'ERR_VALIDATION' });
      return;
    }
    // PostgreSQL: invalid text for a typed column (e.g. an id out of range) is bad input.
    if (e?.code === '22P02' || e?.code === '22003') {
      res.status(400).json({ error: 'ERR_VALIDATION' });
      return;
    }
    logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json({ error: 'ERR_INTERNAL' });
  };
}
