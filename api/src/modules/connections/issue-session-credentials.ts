import { randomBytes } from 'node:crypto';
import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Whatsapp } from '../../db/entities/index.js';
import { hashSessionToken } from './session-token.js';

/** Issues a new token for a connection's session (only its hash is kept; the old one stops working). */
export async function issueSessionCredentials(ctx: AppContext, o: { connectionId: number }) {
  const token = randomBytes(32).toString('base64url');
  const result = await ctx.ds
    .getRepository<Whatsapp>('Whatsapp')
    .update({ id: o.connectionId }, { sessionTokenHash: hashSessionToken(token) });
  if (!result.affected) throw new AppError('ERR_NO_WAPP_FOUND');
  return { token };
}
