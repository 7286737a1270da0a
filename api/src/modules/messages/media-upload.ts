import type { RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { createAuthenticate } from '../../http/authenticate.js';

/**
 * Message attachments: up to 10 `medias` parts of at most 16 MB each, in memory until the use
 * case sniffs and stores them. Anonymous callers are turned away before the body is read; a
 * JSON body passes through untouched.
 */
export function messageMediaUpload(ctx: AppContext): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: 16 * 1024 * 1024, files: 10, fields: 20, parts: 30 },
  }).array('medias', 10);
  const authenticate = createAuthenticate(ctx);
  return async (req, res, next) => {
    try {
      if (!req.is('multipart/form-data')) return next();
      await authenticate(req, 'user');
      upload(req, res, (err?: unknown) => {
        if (!err) return next();
        const code = (err as { code?: string }).code;
        next(
          code === 'LIMIT_FILE_SIZE'
            ? new AppError('ERR_PAYLOAD_TOO_LARGE')
            : new AppError('ERR_VALIDATION', {
                fields: [{ field: 'medias', message: 'Malformed multipart body' }],
              }),
        );
      });
    } catch (err) {
      next(err);
    }
  };
}
