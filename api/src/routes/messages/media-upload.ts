import type { Request, RequestHandler } from 'express';
import type { AppContext } from '@atendo/core/context.js';
import { multipartUpload } from '../uploads/multipart-upload.js';

/** Message attachments: up to 10 `medias` parts; a JSON message passes through. */
export function messageMediaUpload(
  ctx: AppContext,
  authorize?: (req: Request) => Promise<unknown>,
): RequestHandler {
  return multipartUpload(ctx, {
    authorize,
    field: 'medias',
    maxBytes: 16 * 1024 * 1024,
    maxFiles: 10,
    optional: true,
  });
}
