import type { RequestHandler } from 'express';
import type { AppContext } from '@atendo/core/context.js';
import { multipartUpload } from '../uploads/multipart-upload.js';

export const SCHEDULE_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/** A schedule's attachment: one `file` part. */
export function scheduleMediaUpload(ctx: AppContext): RequestHandler {
  return multipartUpload(ctx, { field: 'file', maxBytes: SCHEDULE_MEDIA_MAX_BYTES });
}
