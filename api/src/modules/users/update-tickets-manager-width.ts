import { AppError, isAdministrator } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { User } from '../../db/entities/index.js';
import type { Principal } from '../auth/tokens.js';
import { loadEditableUser } from './users-of.js';
import { toUserView, USER_VIEW_RELATIONS } from './user-view.js';

/** Saves the ticket list width (404–700 px) of the caller, or of a user an admin manages. */
export async function updateTicketsManagerWidth(
  ctx: AppContext,
  o: { auth: Principal; userId: number; width: number },
) {
  if (o.userId !== o.auth.userId && !isAdministrator(o.auth))
    throw new AppError('ERR_NO_PERMISSION');
  const user = await loadEditableUser(ctx, o.auth, o.userId);
  await ctx.ds
    .getRepository<User>('User')
    .update({ id: user.id, companyId: user.companyId }, { defaultTicketsManagerWidth: o.width });
  return toUserView(
    await ctx.ds
      .getRepository<User>('User')
      .findOneOrFail({ where: { id: user.id }, relations: USER_VIEW_RELATIONS }),
  );
}
