import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { loadEditableUser, usersOf } from './users-of.js';

/** Deletes a user of the admin's company (super: any); nobody deletes themselves. */
export async function deleteUser(ctx: AppContext, o: { auth: Principal; userId: number }) {
  if (o.userId === o.auth.userId) throw new AppError('ERR_CANNOT_DELETE_SELF');
  const user = await loadEditableUser(ctx, o.auth, o.userId);
  await usersOf(ctx, user.companyId).delete({ id: user.id });
  ctx.events.publish('user.deleted', { companyId: user.companyId, userId: user.id });
  return { message: 'User deleted' };
}
