import type { AppContext } from '../../context.js';
import type { Whatsapp } from '../../db/entities/index.js';
import { hasSession } from '../../sessions/session-runtime.js';
import { sessionTargetOf, whatsappsOf } from './connections-access.js';
import { forgetSession } from './forget-session.js';
import { publishSession } from './session-state.js';

/**
 * Enabling the message import on a CONNECTED connection (docs/product/connections.md#connection-status): the session stops, its
 * login is forgotten, and it starts again waiting for a QR code (status qrcode), so the
 * history is synced by the new login.
 */
export async function disconnectForImport(ctx: AppContext, w: Whatsapp): Promise<void> {
  const target = await sessionTargetOf(ctx, w);
  await ctx.sessions.stop(target);
  await forgetSession(ctx, w);
  const start = hasSession(w.channel) ? await ctx.sessions.start(target) : null;
  await whatsappsOf(ctx, w.companyId).update(
    { id: w.id },
    { status: 'qrcode', resourceName: start?.resourceName ?? w.resourceName },
  );
  await publishSession(ctx, w.companyId, w.id);
}
