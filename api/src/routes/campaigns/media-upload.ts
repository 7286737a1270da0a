import type { RequestHandler } from 'express';
import type { AppContext } from '@atendo/core/context.js';
import { createAuthenticate } from '../../http/authenticate.js';
import { multipartUpload } from '../uploads/multipart-upload.js';

export const CAMPAIGN_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/** Campaign attachments: one `file` part, read only for admins (the routes' access). */
export function campaignMediaUpload(ctx: AppContext): RequestHandler {
  const authenticate = createAuthenticate(ctx);
  return multipartUpload(ctx, {
    field: 'file',
    maxBytes: CAMPAIGN_MEDIA_MAX_BYTES,
    authorize: (req) => authenticate(req, 'admin'),
  });
}
