import { randomUUID } from 'node:crypto';
import type { Config } from '../config.js';
import { RefreshTokenEntity, type RefreshToken, type User } from '../db/entities/index.js';
import type { TenantData } from '../db/tenant-data.js';
import { hashRefreshToken, newRefreshToken, type TokenService } from './tokens.js';

/** The tokens of a sign-in: a short-lived access token and the refresh token that renews it. */
export interface IssuedSignIn {
  accessToken: string;
  refreshToken: string;
}

/**
 * Signs an access token for a user and stores a new refresh token in `familyId` (or a new
 * family), through `db`: the user's company's data access (usually the caller's transaction).
 */
export async function issueSignIn(
  ctx: { config: Pick<Config, 'REFRESH_TOKEN_TTL_DAYS'>; tokens: TokenService },
  db: TenantData,
  options: {
    user: Pick<User, 'id' | 'companyId' | 'profile' | 'super' | 'tokenVersion'>;
    familyId?: string;
    userAgent?: string;
    ip?: string;
  },
): Promise<IssuedSignIn & { refreshRow: RefreshToken }> {
  const { user } = options;
  const refreshToken = newRefreshToken();
  if (db.companyId !== user.companyId) throw new Error('issueSignIn: another company’s access');
  const refreshRow = await db.of(RefreshTokenEntity).insert({
    userId: user.id,
    familyId: options.familyId ?? randomUUID(),
    tokenHash: hashRefreshToken(refreshToken),
    expiresAt: new Date(Date.now() + ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    userAgent: options.userAgent?.slice(0, 255) ?? null,
    ip: options.ip ?? null,
  });
  const accessToken = await ctx.tokens.signAccess({
    userId: user.id,
    companyId: user.companyId,
    profile: user.profile === 'admin' ? 'admin' : 'user',
    super: user.super,
    tokenVersion: user.tokenVersion,
  });
  return { accessToken, refreshToken, refreshRow };
}
