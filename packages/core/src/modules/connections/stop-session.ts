import type { AppContext } from '../../context.js';
import { hasSession } from '../../sessions/session-runtime.js';
import type { Principal } from '../../access/principal.js';
import { assertCanManageConnections, loadWhatsapp, sessionTargetOf } from './connections-access.js';
import { forgetSession } from './forget-session.js';
import { unlinkDevice } from './logout-session.js';
import { publishSession } from './session-state.js';

/** Disconnects a session: it stops and its WhatsApp login is forgotten (a new QR is needed). */
export async function stopSession(ctx: AppContext, o: { auth: Principal; whatsappId: number }) {
  await assertCanManageConnections(ctx, o.auth);
  const w = await loadWhatsapp(ctx, o.auth.companyId, o.whatsappId);
  // The phone unlinks this device too, not only our copy of the login. Webhook channels
  // (Cloud API, Facebook, Instagram) have no session process to tell or stop.
  if (hasSession(w.channel)) {
    await unlinkDevice(ctx, w);
    await ctx.sessions.stop(await sessionTargetOf(ctx, w));
  }
  await forgetSession(ctx, w);
  await publishSession(ctx, w.companyId, w.id);
  return { message: 'Session disconnected.' };
}
