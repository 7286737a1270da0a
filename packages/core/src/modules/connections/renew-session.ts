import type { AppContext } from '../../context.js';
import { hasSession } from '../../sessions/session-runtime.js';
import type { Principal } from '../../access/principal.js';
import { assertCanManageConnections, loadWhatsapp, sessionTargetOf } from './connections-access.js';
import { forgetSession } from './forget-session.js';
import { unlinkDevice } from './logout-session.js';
import { publishSession, recordSessionStart } from './session-state.js';

/** Asks for a new QR code: the old login is forgotten and the session starts afresh. */
export async function renewSession(ctx: AppContext, o: { auth: Principal; whatsappId: number }) {
  await assertCanManageConnections(ctx, o.auth);
  const w = await loadWhatsapp(ctx, o.auth.companyId, o.whatsappId);
  const target = await sessionTargetOf(ctx, w);
  // A webhook channel (Cloud API, Facebook, Instagram) has no session, QR or device to unlink.
  if (!hasSession(w.channel)) return { message: 'Starting session.' };
  // The phone unlinks this device too, not only our copy of the login.
  await unlinkDevice(ctx, w);
  await ctx.sessions.stop(target);
  await forgetSession(ctx, w);
  await recordSessionStart(ctx, w, await ctx.sessions.start(target));
  await publishSession(ctx, w.companyId, w.id);
  return { message: 'Starting session.' };
}
