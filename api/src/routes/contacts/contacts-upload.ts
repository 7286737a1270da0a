import type { RequestHandler } from 'express';
import type { AppContext } from '@atendo/core/context.js';
import { multipartUpload } from '../uploads/multipart-upload.js';

export const CONTACTS_FILE_LIMIT = 10 * 1024 * 1024;

/** The multipart reader of `POST /contacts/upload`: one `file` part (a spreadsheet to import). */
export function contactsUpload(ctx: AppContext): RequestHandler {
  return multipartUpload(ctx, { field: 'file', maxBytes: CONTACTS_FILE_LIMIT });
}
