import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, isAdministrator } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { mimeOfStoredFile, sniffFileType } from './sniff-file-type.js';

/**
 * Private uploads (message media and anything else that is not a profile picture) live
 * outside the public folder: only users of the owning company read them, through the
 * authenticated /private route. Default: a `private` folder beside UPLOAD_DIR.
 */
export function privateUploadDir(ctx: AppContext): string {
  return path.resolve(
    ctx.config.PRIVATE_UPLOAD_DIR ??
      path.join(path.dirname(path.resolve(ctx.config.UPLOAD_DIR)), 'private'),
  );
}

const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

/**
 * Stores a private file of a company under a random name with the extension of its sniffed
 * kind; refuses content of no allowed kind. Returns the name to keep (e.g. on a message).
 */
export async function storePrivateUpload(
  ctx: AppContext,
  o: { companyId: number; file: Buffer; allowed?: readonly string[] },
): Promise<{ fileName: string; mimetype: string; url: string }> {
  const kind = sniffFileType(o.file, o.allowed);
  if (!kind)
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'file', message: 'Unsupported file type' }],
    });
  const dir = path.join(privateUploadDir(ctx), `company${o.companyId}`);
  await fs.mkdir(dir, { recursive: true });
  const fileName = `${crypto.randomBytes(16).toString('hex')}.${kind.ext}`;
  await fs.writeFile(path.join(dir, fileName), o.file);
  return { fileName, mimetype: kind.mime, url: `/private/${o.companyId}/${fileName}` };
}

/**
 * The path and type of a private file for a caller: only users of that company (and super
 * admins) read it; anything else is not found, so no file's existence leaks across tenants.
 */
export async function findPrivateUpload(
  ctx: AppContext,
  o: { auth: Principal; companyId: number; fileName: string },
): Promise<{ filePath: string; mimetype: string }> {
  const allowed = o.auth.companyId === o.companyId || (o.auth.super && isAdministrator(o.auth));
  if (!allowed || !STORED_NAME.test(o.fileName)) throw new AppError('ERR_NOT_FOUND');
  const filePath = path.join(privateUploadDir(ctx), `company${o.companyId}`, o.fileName);
  try {
    await fs.access(filePath);
  } catch {
    throw new AppError('ERR_NOT_FOUND');
  }
  return { filePath, mimetype: mimeOfStoredFile(o.fileName) };
}
