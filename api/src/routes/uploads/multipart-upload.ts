import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from '@atendo/domain';
import type { AppContext } from '@atendo/core/context.js';
import { createAuthenticate } from '../../http/authenticate.js';

/**
 * The multipart reader of an upload route: the named part(s) held in memory for the use case,
 * which checks the caller and sniffs the content before anything reaches the disk. Anonymous
 * callers are turned away before the body is read; a part too large is 413, a malformed body
 * or a wrong part name the client's 400. With `optional`, a JSON body passes through.
 */
export function multipartUpload(
  ctx: AppContext,
  o: {
    field: string;
    maxBytes: number;
    maxFiles?: number;
    /** Text fields the form may carry besides the files (default 20). */
    maxFields?: number;
    optional?: boolean;
    /** Who may upload, checked before the body is read (default: a logged-in user). */
    authorize?: (req: Request) => Promise<unknown>;
  },
): RequestHandler {
  const maxFiles = o.maxFiles ?? 1;
  const fields = o.maxFields ?? 20;
  const limits = { fileSize: o.maxBytes, files: maxFiles, fields, parts: maxFiles + fields };
  const storage = multer.memoryStorage();
  const upload =
    maxFiles === 1
      ? multer({ storage, limits }).single(o.field)
      : multer({ storage, limits }).array(o.field, maxFiles);
  const authenticate = createAuthenticate(ctx);
  const authorize = o.authorize ?? ((req: Request) => authenticate(req, 'user'));
  return async (req, res, next) => {
    try {
      if (o.optional && !req.is('multipart/form-data')) return next();
      await authorize(req);
      upload(req, res, (err?: unknown) => next(err ? uploadError(err, o.field) : undefined));
    } catch (err) {
      next(err);
    }
  };
}

function uploadError(err: unknown, field: string): AppError {
  if ((err as { code?: string }).code === 'LIMIT_FILE_SIZE')
    return new AppError('ERR_PAYLOAD_TOO_LARGE');
  const part = err instanceof multer.MulterError && err.field ? err.field : field;
  const message = err instanceof multer.MulterError ? err.message : 'Malformed multipart body';
  return new AppError('ERR_VALIDATION', { fields: [{ field: part, message }] });
}
