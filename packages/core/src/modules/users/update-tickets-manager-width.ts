import { AppError, isAdministrator } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { loadEditableUser, usersOf } from './users-of.js';
import { toUserView, USER_VIEW_RELATIONS } from './user-view.js';

/** Saves the ticket list width (404–700 px) of the caller, or of a user an admin manages. */
export async function updateTicketsManagerWidth(
  ctx: AppContext,
  o: { auth: Principal; userId: number; width: number },
) {
  if (o.userId !== o.auth.userId && !isAdministrator(o.auth))
    throw new AppError('ERR_NO_PERMISSION');
  const user = await loadEditableUser(ctx, o.auth, o.userId);
  const users = usersOf(ctx, user.companyId);
  await users.update({ id: user.id }, { defaultTicketsManagerWidth: o.width });
  return toUserView(await users.get({ where: { id: user.id }, relations: USER_VIEW_RELATIONS }));
}
