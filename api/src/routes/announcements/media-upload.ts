import type { RequestHandler } from 'express';
import { ANNOUNCEMENT_MEDIA_MAX_BYTES } from '@atendo/domain';
import type { AppContext } from '@atendo/core/context.js';
import { createAuthenticate } from '../../http/authenticate.js';
import { multipartUpload } from '../uploads/multipart-upload.js';

/**
 * Announcement images: one `file` part (plus the lineage's `typeArch` field), read only for a
 * super admin, at most ANNOUNCEMENT_MEDIA_MAX_BYTES (413 above).
 */
export function announcementMediaUpload(ctx: AppContext): RequestHandler {
  const authenticate = createAuthenticate(ctx);
  return multipartUpload(ctx, {
    field: 'file',
    maxBytes: ANNOUNCEMENT_MEDIA_MAX_BYTES,
    authorize: (req) => authenticate(req, 'super'),
  });
}
