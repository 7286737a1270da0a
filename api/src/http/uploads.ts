import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';
import { AppError } from '@atendo/domain';
import type { AppContext } from '@atendo/core/context.js';
import { createAuthenticate } from './authenticate.js';
import { findPrivateUpload } from '@atendo/core/modules/uploads/private-uploads.js';
import { IMAGE_KINDS, mimeOfStoredFile } from '@atendo/core/modules/uploads/sniff-file-type.js';

/**
 * A stored file is only ever data: served with the type of its sniffed kind, never sniffed
 * again by the browser, and sandboxed should it be opened as a page.
 */
function fileHeaders(res: Response, filePath: string): void {
  res.setHeader('Content-Type', mimeOfStoredFile(filePath));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
}

/**
 * /public: profile pictures, readable without a session (they show in lists and chats). Only
 * the image kinds uploads store there are served.
 */
export function publicUploads(ctx: AppContext): RequestHandler[] {
  const images = new Set<string>(IMAGE_KINDS.map((k) => `.${k}`));
  return [
    (req, _res, next) => {
      next(
        images.has(path.extname(req.path).toLowerCase())
          ? undefined
          : new AppError('ERR_NOT_FOUND'),
      );
    },
    express.static(path.resolve(ctx.config.UPLOAD_DIR), {
      fallthrough: false,
      index: false,
      dotfiles: 'deny',
      setHeaders: fileHeaders,
    }),
  ];
}

/** /private/:companyId/:file: a company's private uploads, for its signed-in users only. */
export function privateUploads(ctx: AppContext): RequestHandler {
  const authenticate = createAuthenticate(ctx);
  return async (req, res, next) => {
    try {
      const auth = (await authenticate(req, 'user'))!;
      const { filePath } = await findPrivateUpload(ctx, {
        auth,
        companyId: Number(req.params.companyId),
        fileName: String(req.params.file),
      });
      res.setHeader('Cache-Control', 'private, no-store');
      fileHeaders(res, filePath);
      res.sendFile(filePath, (err) => {
        if (err && !res.headersSent) next(err);
      });
    } catch (err) {
      next(err);
    }
  };
}
