import type { RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { createAuthenticate } from '../../http/authenticate.js';

/** The largest quick message attachment. */
export const QUICK_MESSAGE_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Quick message attachments: one `file` part (plus the lineage's `typeArch` field), held in
 * memory for the use case, which checks the caller and sniffs the content before anything
 * reaches the disk. Anonymous callers are turned away before the body is read.
 */
export function quickMessageMediaUpload(ctx: AppContext): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: QUICK_MESSAGE_MEDIA_MAX_BYTES, files: 1, fields: 10, parts: 12 },
  }).single('file');
  const authenticate = createAuthenticate(ctx);
  return async (req, res, next) => {
    try {
      await authenticate(req, 'user');
      upload(req, res, (err?: unknown) => next(err ? uploadError(err) : undefined));
    } catch (err) {
      next(err);
    }
  };
}

/** A failed multipart read as the client's fault: too large → 413, anything else → 400. */
function uploadError(err: unknown): AppError {
  const code = (err as { code?: string }).code;
  if (code === 'LIMIT_FILE_SIZE') return new AppError('ERR_PAYLOAD_TOO_LARGE');
  const field = err instanceof multer.MulterError && err.field ? err.field : 'file';
  const message = err instanceof multer.MulterError ? err.message : 'Malformed multipart body';
  return new AppError('ERR_VALIDATION', { fields: [{ field, message }] });
}
