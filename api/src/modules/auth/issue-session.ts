import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AppContext } from '../../context.js';
import type { RefreshToken, User } from '../../db/entities/index.js';
import { hashRefreshToken, newRefreshToken } from './tokens.js';

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
}

/** Signs an access token for a user and stores a new refresh token in `familyId` (or a new family). */
export async function issueSession(
  ctx: AppContext,
  em: EntityManager,
  options: {
    user: Pick<User, 'id' | 'companyId' | 'profile' | 'super' | 'tokenVersion'>;
    familyId?: string;
    userAgent?: string;
    ip?: string;
  },
): Promise<IssuedSession & { refreshRow: RefreshToken }> {
  const { user } = options;
  const refreshToken = newRefreshToken();
  const repo = em.getRepository<RefreshToken>('RefreshToken');
  const refreshRow = await repo.save(
    repo.create({
      userId: user.id,
      companyId: user.companyId,
      familyId: options.familyId ?? randomUUID(),
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(Date.now() + ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
      userAgent: options.userAgent?.slice(0, 255) ?? null,
      ip: options.ip ?? null,
    }),
  );
  const accessToken = await ctx.tokens.signAccess({
    userId: user.id,
    companyId: user.companyId,
    profile: user.profile === 'admin' ? 'admin' : 'user',
    super: user.super,
    tokenVersion: user.tokenVersion,
  });
  return { accessToken, refreshToken, refreshRow };
}
