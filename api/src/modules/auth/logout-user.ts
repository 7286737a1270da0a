import { IsNull } from 'typeorm';
import type { AppContext } from '../../context.js';
import type { RefreshToken, User } from '../../db/entities/index.js';

/** Ends the user's session everywhere: refresh tokens revoked, access tokens superseded, offline. */
export async function logoutUser(
  ctx: AppContext,
  options: { userId: number; companyId: number },
): Promise<void> {
  await ctx.ds.transaction(async (em) => {
    await em
      .getRepository<RefreshToken>('RefreshToken')
      .update({ userId: options.userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    const users = em.getRepository<User>('User');
    await users.increment({ id: options.userId, companyId: options.companyId }, 'tokenVersion', 1);
    await users.update({ id: options.userId, companyId: options.companyId }, { online: false });
  });
  ctx.events.publish('user.sessions_ended', {
    companyId: options.companyId,
    userId: options.userId,
  });
  ctx.events.publish('user.presence_changed', {
    companyId: options.companyId,
    userId: options.userId,
    online: false,
  });
}
