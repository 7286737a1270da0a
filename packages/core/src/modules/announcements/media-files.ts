import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.js';

/**
 * Announcement images live in the public uploads folder (`/public/announcements/`): they are
 * the platform's notices to every company's users, not one company's private files. Names are
 * random, so an image is reachable only through its announcement.
 */
function announcementDir(ctx: AppContext): string {
  return path.resolve(ctx.config.UPLOAD_DIR, 'announcements');
}

/** Writes an image under a random name with the extension of its sniffed kind. */
export async function storeAnnouncementFile(
  ctx: AppContext,
  file: Buffer,
  ext: string,
): Promise<string> {
  const dir = announcementDir(ctx);
  await fs.mkdir(dir, { recursive: true });
  const fileName = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
  await fs.writeFile(path.join(dir, fileName), file);
  return fileName;
}

/** Removes a stored image (a name we generated; nothing else is touched). */
export async function removeAnnouncementFile(
  ctx: AppContext,
  fileName: string | null,
): Promise<void> {
  if (!fileName || path.basename(fileName) !== fileName) return;
  await fs.rm(path.join(announcementDir(ctx), fileName), { force: true });
}
