import type { AppContext } from '../../context.js';
import { hasSession } from '../../sessions/session-runtime.js';
import type { Principal } from '../auth/tokens.js';
import { assertCanManageConnections, loadWhatsapp, sessionTargetOf } from './connections-access.js';
import { publishSession, recordSessionStart } from './session-state.js';

/** Starts (or retries) a connection's session: the console's "try again" and "connect". */
export async function startSession(ctx: AppContext, o: { auth: Principal; whatsappId: number }) {
  await assertCanManageConnections(ctx, o.auth);
  const w = await loadWhatsapp(ctx, o.auth.companyId, o.whatsappId);
  if (hasSession(w.channel)) {
    await recordSessionStart(ctx, w, await ctx.sessions.start(await sessionTargetOf(ctx, w)));
    await publishSession(ctx, w.companyId, w.id);
  }
  return { message: 'Starting session.' };
}
