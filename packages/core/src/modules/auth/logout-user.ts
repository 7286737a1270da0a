import { IsNull } from 'typeorm';
import type { AppContext } from '../../context.js';
import { RefreshTokenEntity, UserEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';

/** Signs the user out everywhere: refresh tokens revoked, access tokens superseded, offline. */
export async function logoutUser(
  ctx: AppContext,
  options: { userId: number; companyId: number },
): Promise<void> {
  await tenantData(ctx.ds, options.companyId).transaction(async (tx) => {
    await tx
      .of(RefreshTokenEntity)
      .update({ userId: options.userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    const users = tx.of(UserEntity);
    await users.increment({ id: options.userId }, 'tokenVersion', 1);
    await users.update({ id: options.userId }, { online: false });
  });
  ctx.events.publish('user.signed_out_everywhere', {
    companyId: options.companyId,
    userId: options.userId,
  });
  ctx.events.publish('user.presence_changed', {
    companyId: options.companyId,
    userId: options.userId,
    online: false,
  });
}
