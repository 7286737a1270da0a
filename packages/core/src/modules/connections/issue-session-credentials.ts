import { randomBytes } from 'node:crypto';
import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import { hashSessionToken } from '../session-channel/session-token.js';

/** Issues a new token for a connection's session (only its hash is kept; the old one stops working). */
export async function issueSessionCredentials(ctx: AppContext, o: { connectionId: number }) {
  const token = randomBytes(32).toString('base64url');
  // The session runtime names a connection by id alone, whatever its company.
  const affected = await crossTenantData(ctx.ds, 'session-runtime')
    .of(WhatsappEntity)
    .update({ id: o.connectionId }, { sessionTokenHash: hashSessionToken(token) });
  if (!affected) throw new AppError('ERR_NO_WAPP_FOUND');
  return { token };
}
