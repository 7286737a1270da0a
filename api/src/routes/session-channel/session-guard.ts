import type { RequestHandler, Response } from 'express';
import multer from 'multer';
import { AppError } from '@atendo/domain';
import type { AppContext } from '@atendo/core/context.js';
import { bearerToken } from '../../http/authenticate.js';
import {
  sessionOf,
  type SessionConnection,
} from '@atendo/core/modules/session-channel/session-of.js';

/** The largest file a session may hand over with an inbound event (WhatsApp's own cap is 2 GB; media above this stays on the phone). */
export const SESSION_MEDIA_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Resolves the session of the request's bearer token before anything else of the request is
 * read (an unknown caller never gets its body parsed or validated); the handler takes it with
 * `sessionFrom(res)`.
 */
export function sessionGuard(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    try {
      res.locals.session = await sessionOf(ctx, bearerToken(req));
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** The session the guard resolved for this request. */
export function sessionFrom(res: Response): SessionConnection {
  const s = res.locals.session as SessionConnection | undefined;
  if (!s) throw new AppError('ERR_SESSION_EXPIRED');
  return s;
}

/**
 * An inbound event as multipart: the event JSON in the `event` field and its file in `media`
 * (held in memory for the pipeline, which sniffs and stores it). The event becomes the body the
 * contract validates; a JSON body passes through untouched.
 */
export function sessionEventUpload(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: SESSION_MEDIA_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  }).single('media');
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    upload(req, res, (err?: unknown) => {
      if (err) return next(uploadError(err));
      const raw = (req.body as Record<string, unknown> | undefined)?.event;
      try {
        if (typeof raw !== 'string') throw new Error('Required');
        req.body = JSON.parse(raw) as unknown;
        next();
      } catch {
        next(
          new AppError('ERR_VALIDATION', {
            fields: [{ field: 'event', message: 'Expected the event as JSON' }],
          }),
        );
      }
    });
  };
}

function uploadError(err: unknown): AppError {
  if ((err as { code?: string }).code === 'LIMIT_FILE_SIZE')
    return new AppError('ERR_PAYLOAD_TOO_LARGE');
  const field = err instanceof multer.MulterError && err.field ? err.field : 'media';
  const message = err instanceof multer.MulterError ? err.message : 'Malformed multipart body';
  return new AppError('ERR_VALIDATION', { fields: [{ field, message }] });
}
