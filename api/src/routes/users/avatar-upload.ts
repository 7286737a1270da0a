import type { RequestHandler } from 'express';
import type { AppContext } from '@atendo/core/context.js';
import { multipartUpload } from '../uploads/multipart-upload.js';

/** Profile images: one `profileImage` part of at most 5 MB. */
export function avatarUpload(ctx: AppContext): RequestHandler {
  return multipartUpload(ctx, { field: 'profileImage', maxBytes: 5 * 1024 * 1024 });
}
