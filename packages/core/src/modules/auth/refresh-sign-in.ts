import { IsNull } from 'typeorm';
import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { RefreshTokenEntity, UserEntity, type RefreshToken } from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import { tenantData, type TenantRepository } from '../../db/tenant-data.js';
import { USER_VIEW_RELATIONS, toUserView } from '../users/user-view.js';
import { issueSignIn } from '../../access/issue-sign-in.js';
import { hashRefreshToken } from '../../access/tokens.js';
import type { LoginResult } from './login-user.js';
import { companyInactiveAfterSignIn, isCompanySuspended } from '../../access/company-access.js';

/**
 * Rotates a refresh token: the presented token is revoked and replaced by a new one in the
 * same family. Presenting an already-rotated token is reuse (a stolen copy): the whole family
 * is revoked and the user's access tokens superseded — except within REFRESH_GRACE_MS of its
 * rotation while its family is still alive: that is two tabs refreshing with one cookie at
 * once, and the later one gets its own new token in the same family. A token revoked by
 * logout or by a newer login is simply over. Unknown, revoked or expired:
 * ERR_SESSION_EXPIRED (401), so the console logs out. A suspended company: ERR_COMPANY_INACTIVE.
 */
export async function refreshSignIn(
  ctx: AppContext,
  options: { refreshToken: string | undefined; userAgent?: string; ip?: string; now?: Date },
): Promise<LoginResult> {
  const now = options.now ?? new Date();
  if (!options.refreshToken) throw new AppError('ERR_SESSION_EXPIRED');
  const tokenHash = hashRefreshToken(options.refreshToken);

  // The token is found by its hash alone, whatever its company; the rest is that company's.
  const result = await crossTenantData(ctx.ds, 'refresh-sign-in').transaction(async (tx) => {
    const row = await tx
      .of(RefreshTokenEntity)
      .findOne({ where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
    if (!row) return { error: 'unknown' as const };
    const own = tx.tenant(row.companyId);
    const repo = own.of(RefreshTokenEntity);
    if (row.revokedAt && !row.replacedById) return { error: 'revoked' as const };
    if (row.revokedAt && !(await isConcurrentRotation(ctx, repo, row, now))) {
      // Already rotated: someone kept a copy of an old token.
      await repo.update({ familyId: row.familyId, revokedAt: IsNull() }, { revokedAt: now });
      await own.of(UserEntity).increment({ id: row.userId }, 'tokenVersion', 1);
      return { error: 'reuse' as const, userId: row.userId, companyId: row.companyId };
    }
    if (row.expiresAt <= now) return { error: 'expired' as const };
    const user = await own
      .of(UserEntity)
      .findOne({ where: { id: row.userId }, relations: { company: true } });
    if (!user) return { error: 'unknown' as const };
    if (user.company && isCompanySuspended(user.company, now))
      return { error: 'suspended' as const };
    const signIn = await issueSignIn(ctx, own, {
      user,
      familyId: row.familyId,
      userAgent: options.userAgent,
      ip: options.ip,
    });
    // A grace-window refresh leaves the first rotation's record as it is.
    if (!row.revokedAt)
      await repo.update({ id: row.id }, { revokedAt: now, replacedById: signIn.refreshRow.id });
    return { signIn, userId: user.id, companyId: user.companyId };
  });

  if ('error' in result) {
    if (result.error === 'reuse') {
      ctx.logger.warn(
        { companyId: result.companyId, userId: result.userId },
        'refresh token reuse detected; token family revoked',
      );
      ctx.events.publish('user.signed_out_everywhere', {
        companyId: result.companyId,
        userId: result.userId,
      });
    }
    if (result.error === 'suspended') throw companyInactiveAfterSignIn();
    throw new AppError('ERR_SESSION_EXPIRED');
  }
  const user = await tenantData(ctx.ds, result.companyId)
    .of(UserEntity)
    .get({ where: { id: result.userId }, relations: USER_VIEW_RELATIONS });
  return {
    token: result.signIn.accessToken,
    refreshToken: result.signIn.refreshToken,
    user: toUserView(user),
  };
}

/**
 * True when a rotated token comes back within the grace window and its family still has a
 * live token (a logout or a newer login in between revoked them all: then it is simply over).
 */
async function isConcurrentRotation(
  ctx: AppContext,
  repo: TenantRepository<RefreshToken>,
  row: RefreshToken,
  now: Date,
): Promise<boolean> {
  if (!row.revokedAt || !row.replacedById) return false;
  if (now.getTime() - row.revokedAt.getTime() > ctx.config.REFRESH_GRACE_MS) return false;
  return repo.exists({ familyId: row.familyId, revokedAt: IsNull() });
}
