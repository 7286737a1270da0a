import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, isAdministrator, MSG_REQUIRED } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { loadEditableUser, usersOf } from './users-of.js';
import { toUserView, USER_VIEW_RELATIONS } from './user-view.js';
import { IMAGE_KINDS, sniffFileType } from '../uploads/sniff-file-type.js';

/** The folder a company's profile images are served from (`/public/company<id>/user/`). */
function profileImageDir(ctx: AppContext, companyId: number): string {
  return path.resolve(ctx.config.UPLOAD_DIR, `company${companyId}`, 'user');
}

/**
 * Stores a new profile image for the caller (or a user an admin manages). The file is
 * written only after the caller is allowed to, its type comes from its content (never from
 * the client's name or mimetype), and the previous image is removed.
 */
export async function setUserProfileImage(
  ctx: AppContext,
  o: { auth: Principal; userId: number; file: Buffer | undefined },
) {
  if (o.userId !== o.auth.userId && !isAdministrator(o.auth))
    throw new AppError('ERR_NO_PERMISSION');
  const user = await loadEditableUser(ctx, o.auth, o.userId);
  if (!o.file?.length)
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'profileImage', message: MSG_REQUIRED }],
    });
  const kind = sniffFileType(o.file, IMAGE_KINDS);
  if (!kind) {
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'profileImage', message: 'Must be a jpeg, png, gif or webp image' }],
    });
  }

  const dir = profileImageDir(ctx, user.companyId);
  await fs.mkdir(dir, { recursive: true });
  const fileName = `${user.id}-${Date.now()}-${crypto.randomBytes(4).toString('hex')}.${kind.ext}`;
  await fs.writeFile(path.join(dir, fileName), o.file);
  const repo = usersOf(ctx, user.companyId);
  await repo.update({ id: user.id }, { profileImage: fileName });
  if (user.profileImage && path.basename(user.profileImage) === user.profileImage) {
    await fs.rm(path.join(dir, user.profileImage), { force: true });
  }
  const view = toUserView(
    await repo.get({ where: { id: user.id }, relations: USER_VIEW_RELATIONS }),
  );
  ctx.events.publish('user.updated', { companyId: user.companyId, user: view });
  return view;
}
