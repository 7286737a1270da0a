import type { RequestHandler } from 'express';
import type { AppContext } from '@atendo/core/context.js';
import { createAuthenticate } from '../../http/authenticate.js';
import { multipartUpload } from '../uploads/multipart-upload.js';

export const CONTACT_LIST_FILE_LIMIT = 10 * 1024 * 1024;

/** The multipart reader of `POST /contact-lists/:id/upload`: one `file` part, admins only. */
export function contactListUpload(ctx: AppContext): RequestHandler {
  const authenticate = createAuthenticate(ctx);
  return multipartUpload(ctx, {
    field: 'file',
    maxBytes: CONTACT_LIST_FILE_LIMIT,
    authorize: (req) => authenticate(req, 'admin'),
  });
}
