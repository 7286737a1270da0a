import type { RequestHandler } from 'express';
import type { AppContext } from '@atendo/core/context.js';
import { createAuthenticate } from '../../http/authenticate.js';
import { multipartUpload } from '../uploads/multipart-upload.js';

/**
 * The `file` part of a whitelabel upload, read only for super admins (anyone else is turned
 * away before a byte of the body is held in memory).
 */
export function whitelabelUpload(ctx: AppContext, maxBytes: number): RequestHandler {
  const authenticate = createAuthenticate(ctx);
  return multipartUpload(ctx, {
    field: 'file',
    maxBytes,
    authorize: (req) => authenticate(req, 'super'),
  });
}
