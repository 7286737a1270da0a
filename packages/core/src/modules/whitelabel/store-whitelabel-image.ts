import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  AppError,
  PLATFORM_COMPANY_ID,
  WHITELABEL_IMAGE_KEYS,
  WHITELABEL_IMAGE_KINDS,
  MSG_REQUIRED,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { withCompany } from '../../db/tenant-scope.js';
import { settingsOf } from '../settings/settings-store.js';
import { sniffFileType } from '../uploads/sniff-file-type.js';

/** The folder under UPLOAD_DIR (served at /public/whitelabel/) that holds the branding images. */
const FOLDER = 'whitelabel';
/** What this use case names its files: anything else in a setting is never deleted here. */
const STORED_NAME = /^whitelabel\/[a-zA-Z]+-\d+-[0-9a-f]{8}\.(png|jpg|webp|gif)$/;

/**
 * Stores one branding image of the platform (super admins; the route checks it before the body
 * is read) and points its setting at it. The kind comes from the bytes, never from the name or
 * type the client claims; SVG is not accepted (it can carry script). The previous image of the
 * same key is removed. Returns the name relative to /public/.
 */
export async function storeWhitelabelImage(
  ctx: AppContext,
  o: { mode: keyof typeof WHITELABEL_IMAGE_KEYS; file: Buffer | undefined },
): Promise<string> {
  if (!o.file?.length)
    throw new AppError('ERR_VALIDATION', { fields: [{ field: 'file', message: MSG_REQUIRED }] });
  const kind = sniffFileType(o.file, WHITELABEL_IMAGE_KINDS);
  if (!kind)
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'file', message: 'Must be a png, jpeg, webp or gif image' }],
    });

  const key = WHITELABEL_IMAGE_KEYS[o.mode];
  const dir = path.resolve(ctx.config.UPLOAD_DIR, FOLDER);
  await fs.mkdir(dir, { recursive: true });
  const fileName = `${key}-${Date.now()}-${crypto.randomBytes(4).toString('hex')}.${kind.ext}`;
  await fs.writeFile(path.join(dir, fileName), o.file);
  const stored = `${FOLDER}/${fileName}`;

  // Whitelabel keys live on the platform company, whoever the super admin's company is.
  const settings = settingsOf(ctx, PLATFORM_COMPANY_ID);
  const previous = await withCompany(PLATFORM_COMPANY_ID, () =>
    settings.findOne({ where: { key } }),
  );
  await withCompany(PLATFORM_COMPANY_ID, () =>
    settings.upsert({ key, value: stored }, ['companyId', 'key']),
  );
  if (previous?.value && STORED_NAME.test(previous.value)) {
    await fs.rm(path.resolve(ctx.config.UPLOAD_DIR, previous.value), { force: true });
  }
  ctx.events.publish('setting.updated', { companyId: PLATFORM_COMPANY_ID, key, value: stored });
  return stored;
}
