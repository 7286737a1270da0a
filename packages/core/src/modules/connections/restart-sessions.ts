import type { AppContext } from '../../context.js';
import { hasSession } from '../../sessions/session-runtime.js';
import type { Principal } from '../../access/principal.js';
import { assertCanManageConnections, sessionTargetOf, whatsappsOf } from './connections-access.js';
import { publishSession, recordSessionStart } from './session-state.js';

/** Restarts every session of the caller's company. */
export async function restartSessions(ctx: AppContext, o: { auth: Principal }) {
  await assertCanManageConnections(ctx, o.auth);
  const rows = await whatsappsOf(ctx, o.auth.companyId).find({ order: { id: 'ASC' } });
  for (const w of rows.filter((r) => hasSession(r.channel))) {
    const target = await sessionTargetOf(ctx, w);
    await ctx.sessions.stop(target);
    await recordSessionStart(ctx, w, await ctx.sessions.start(target));
    await publishSession(ctx, w.companyId, w.id);
  }
  return { message: 'Restarting sessions.' };
}
