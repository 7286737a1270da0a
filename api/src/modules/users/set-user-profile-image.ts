import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, isAdministrator } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { User } from '../../db/entities/index.js';
import type { Principal } from '../auth/tokens.js';
import { loadEditableUser } from './users-of.js';
import { toUserView, USER_VIEW_RELATIONS } from './user-view.js';

/** The image kinds a profile picture may be, recognised by their first bytes. */
const SIGNATURES: { ext: string; matches: (b: Buffer) => boolean }[] = [
  { ext: 'jpg', matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'png',
    matches: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    ext: 'gif',
    matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    ext: 'webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

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
      fields: [{ field: 'profileImage', message: 'Required' }],
    });
  const kind = SIGNATURES.find((s) => s.matches(o.file!));
  if (!kind) {
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'profileImage', message: 'Must be a jpeg, png, gif or webp image' }],
    });
  }

  const dir = profileImageDir(ctx, user.companyId);
  await fs.mkdir(dir, { recursive: true });
  const fileName = `${user.id}-${Date.now()}-${crypto.randomBytes(4).toString('hex')}.${kind.ext}`;
  await fs.writeFile(path.join(dir, fileName), o.file);
  const repo = ctx.ds.getRepository<User>('User');
  await repo.update({ id: user.id, companyId: user.companyId }, { profileImage: fileName });
  if (user.profileImage && path.basename(user.profileImage) === user.profileImage) {
    await fs.rm(path.join(dir, user.profileImage), { force: true });
  }
  const view = toUserView(
    await repo.findOneOrFail({ where: { id: user.id }, relations: USER_VIEW_RELATIONS }),
  );
  ctx.events.publish('user.updated', { companyId: user.companyId, user: view });
  return view;
}
