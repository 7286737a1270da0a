import type { AppContext } from '../../context.js';
import type { Whatsapp } from '../../db/entities/index.js';
import type { SessionStart } from '../../sessions/session-runtime.js';
import { loadWhatsapp, whatsappsOf } from './connections-access.js';
import { toWhatsappView } from './whatsapp-view.js';

/** Tells the company's consoles a connection's session changed (status, QR code, number). */
export async function publishSession(ctx: AppContext, companyId: number, id: number) {
  const view = toWhatsappView(await loadWhatsapp(ctx, companyId, id));
  ctx.events.publish('whatsapp.session_changed', { companyId, whatsapp: view });
}

/** Records what the runtime did with a start: OPENING when it started, and where it runs. */
export async function recordSessionStart(ctx: AppContext, w: Whatsapp, start: SessionStart) {
  await whatsappsOf(ctx, w.companyId).update(
    { id: w.id },
    {
      status: start.started ? 'OPENING' : 'DISCONNECTED',
      // A new attempt: why the last one ended no longer applies.
      statusReason: null,
      resourceName: start.resourceName ?? w.resourceName,
    },
  );
}
