import type { AppContext } from '../../context.js';
import { hasSession } from '../../sessions/session-runtime.js';
import type { Principal } from '../../access/principal.js';
import {
  assertCanManageConnections,
  loadWhatsapp,
  sessionTargetOf,
  whatsappsOf,
} from './connections-access.js';
import { publishSession, recordSessionStart } from './session-state.js';
import { verifyCloudApi } from './verify-cloud-api.js';

/**
 * Starts (or retries) a connection's session: the console's "try again" and "connect". A Cloud
 * API connection has no session: its stored number and token are checked with Meta again.
 */
export async function startSession(ctx: AppContext, o: { auth: Principal; whatsappId: number }) {
  await assertCanManageConnections(ctx, o.auth);
  const w = await loadWhatsapp(ctx, o.auth.companyId, o.whatsappId);
  if (hasSession(w.channel)) {
    await recordSessionStart(ctx, w, await ctx.sessions.start(await sessionTargetOf(ctx, w)));
    await publishSession(ctx, w.companyId, w.id);
  } else if (w.channel === 'whatsappapi' && w.facebookPageUserId && w.tokenMeta) {
    const { number } = await verifyCloudApi(ctx, {
      companyId: w.companyId,
      phoneNumberId: w.facebookPageUserId,
      accessToken: w.tokenMeta,
    });
    await whatsappsOf(ctx, w.companyId).update(
      { id: w.id },
      { status: 'CONNECTED', statusReason: null, number },
    );
    await publishSession(ctx, w.companyId, w.id);
  }
  return { message: 'Starting session.' };
}
