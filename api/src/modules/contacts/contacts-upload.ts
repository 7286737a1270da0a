import type { RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { createAuthenticate } from '../../http/authenticate.js';

/** Spreadsheets to import: one `file` part of at most 10 MB, held in memory for the reader. */
export const CONTACTS_FILE_LIMIT = 10 * 1024 * 1024;

/**
 * The multipart reader of `POST /contacts/upload`. Anonymous callers are turned away before
 * the body is read; a malformed body or a wrong part name is the client's 400.
 */
export function contactsUpload(ctx: AppContext): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: CONTACTS_FILE_LIMIT, files: 1, fields: 10, parts: 12 },
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

function uploadError(err: unknown): AppError {
  if ((err as { code?: string }).code === 'LIMIT_FILE_SIZE')
    return new AppError('ERR_PAYLOAD_TOO_LARGE');
  const field = err instanceof multer.MulterError && err.field ? err.field : 'file';
  const message = err instanceof multer.MulterError ? err.message : 'Malformed multipart body';
  return new AppError('ERR_VALIDATION', { fields: [{ field, message }] });
}
