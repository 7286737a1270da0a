import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import { hashSessionToken } from './session-token.js';

/** The connection a session token belongs to: everything a session route does is on its rows. */
export interface SessionConnection {
  companyId: number;
  whatsappId: number;
  useProxy: boolean;
}

/**
 * The connection of a session token. The session is known by its token alone, whatever its
 * company (the one cross-tenant read of the session channel, under 'session-report'); every
 * later read or write goes through that company's tenantData. Missing or unknown token (or one
 * rotated out): 401 ERR_SESSION_EXPIRED.
 */
export async function sessionOf(
  ctx: AppContext,
  token: string | undefined,
): Promise<SessionConnection> {
  if (!token) throw new AppError('ERR_SESSION_EXPIRED');
  const w = await crossTenantData(ctx.ds, 'session-report')
    .of(WhatsappEntity)
    .findOne({
      where: { sessionTokenHash: hashSessionToken(token) },
      select: { id: true, companyId: true, useProxy: true },
    });
  if (!w) throw new AppError('ERR_SESSION_EXPIRED');
  return { companyId: w.companyId, whatsappId: w.id, useProxy: w.useProxy };
}
