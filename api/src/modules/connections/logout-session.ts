import type { AppContext } from '../../context.js';
import type { Whatsapp } from '../../db/entities/index.js';
import { forgetSession } from './forget-session.js';
import { publishSession } from './session-state.js';

/** Logs a connection's session out (its pod is going away): login state cleared, DISCONNECTED. */
export async function logoutSession(ctx: AppContext, o: { connectionId: number }) {
  const w = await ctx.ds
    .getRepository<Whatsapp>('Whatsapp')
    .findOne({ where: { id: o.connectionId } });
  if (!w) return; // already gone: nothing to log out
  await forgetSession(ctx, w);
  ctx.logger.info({ companyId: w.companyId, connectionId: w.id }, 'session logged out');
  await publishSession(ctx, w.companyId, w.id);
}
