import type { RequestHandler } from 'express';
import type { AppContext } from '@atendo/core/context.js';
import { multipartUpload } from '../uploads/multipart-upload.js';

export const QUICK_MESSAGE_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/** Quick message attachments: one `file` part (plus the lineage's `typeArch` field). */
export function quickMessageMediaUpload(ctx: AppContext): RequestHandler {
  return multipartUpload(ctx, { field: 'file', maxBytes: QUICK_MESSAGE_MEDIA_MAX_BYTES });
}
