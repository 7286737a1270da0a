import type { AppContext } from '../../context.js';
import type { Principal } from '../auth/tokens.js';
import { hasSession } from '../../sessions/session-runtime.js';
import {
  assertCanManageConnections,
  loadWhatsapp,
  sessionTargetOf,
  whatsappsOf,
} from './connections-access.js';
import { toWhatsappView } from './whatsapp-view.js';
import { forgetSession } from './forget-session.js';

async function publishSession(ctx: AppContext, companyId: number, id: number) {
  const view = toWhatsappView(await loadWhatsapp(ctx, companyId, id));
  ctx.events.publish('whatsapp.session_changed', { companyId, whatsapp: view });
}

/** Starts (or retries) a connection's session: the console's "try again" and "connect". */
export async function startSession(ctx: AppContext, o: { auth: Principal; whatsappId: number }) {
  await assertCanManageConnections(ctx, o.auth);
  const w = await loadWhatsapp(ctx, o.auth.companyId, o.whatsappId);
  if (hasSession(w.channel)) {
    const { started, resourceName } = await ctx.sessions.start(await sessionTargetOf(ctx, w));
    await whatsappsOf(ctx, w.companyId).update(
      { id: w.id },
      {
        status: started ? 'OPENING' : 'DISCONNECTED',
        resourceName: resourceName ?? w.resourceName,
      },
    );
    await publishSession(ctx, w.companyId, w.id);
  }
  return { message: 'Starting session.' };
}

/** Disconnects a session: it stops and its WhatsApp login is forgotten (a new QR is needed). */
export async function stopSession(ctx: AppContext, o: { auth: Principal; whatsappId: number }) {
  await assertCanManageConnections(ctx, o.auth);
  const w = await loadWhatsapp(ctx, o.auth.companyId, o.whatsappId);
  await ctx.sessions.stop(await sessionTargetOf(ctx, w));
  await forgetSession(ctx, w);
  await publishSession(ctx, w.companyId, w.id);
  return { message: 'Session disconnected.' };
}

/** Asks for a new QR code: the old login is forgotten and the session starts afresh. */
export async function renewSession(ctx: AppContext, o: { auth: Principal; whatsappId: number }) {
  await assertCanManageConnections(ctx, o.auth);
  const w = await loadWhatsapp(ctx, o.auth.companyId, o.whatsappId);
  const target = await sessionTargetOf(ctx, w);
  await ctx.sessions.stop(target);
  await forgetSession(ctx, w);
  if (hasSession(w.channel)) {
    const { started, resourceName } = await ctx.sessions.start(target);
    await whatsappsOf(ctx, w.companyId).update(
      { id: w.id },
      {
        status: started ? 'OPENING' : 'DISCONNECTED',
        resourceName: resourceName ?? w.resourceName,
      },
    );
  }
  await publishSession(ctx, w.companyId, w.id);
  return { message: 'Starting session.' };
}

/** Restarts every session of the caller's company. */
export async function restartSessions(ctx: AppContext, o: { auth: Principal }) {
  await assertCanManageConnections(ctx, o.auth);
  const rows = await whatsappsOf(ctx, o.auth.companyId).find({ order: { id: 'ASC' } });
  for (const w of rows.filter((r) => hasSession(r.channel))) {
    const target = await sessionTargetOf(ctx, w);
    await ctx.sessions.stop(target);
    const { started, resourceName } = await ctx.sessions.start(target);
    await whatsappsOf(ctx, w.companyId).update(
      { id: w.id },
      {
        status: started ? 'OPENING' : 'DISCONNECTED',
        resourceName: resourceName ?? w.resourceName,
      },
    );
    await publishSession(ctx, w.companyId, w.id);
  }
  return { message: 'Restarting sessions.' };
}
