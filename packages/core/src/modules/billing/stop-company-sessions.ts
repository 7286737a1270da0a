import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import { hasSession } from '../../sessions/session-runtime.js';
import { sessionTargetOf } from '../connections/connections-access.js';
import { toWhatsappView, WHATSAPP_VIEW_RELATIONS } from '../connections/whatsapp-view.js';

/**
 * Stops every session of a company billing switched off, wherever sessions run: the local
 * runtime ends the child processes, the Kubernetes runtime suspends the Connections (the
 * operator scales their StatefulSets to 0). The connections keep their WhatsApp login, so an
 * admin restarts them once the company pays. Idempotent: the outbox may deliver it twice.
 */
export async function stopCompanySessions(ctx: AppContext, o: { companyId: number }) {
  const whatsapps = tenantData(ctx.ds, o.companyId).of(WhatsappEntity);
  const rows = await whatsapps.find({ order: { id: 'ASC' } });
  for (const w of rows.filter((r) => hasSession(r.channel))) {
    await ctx.sessions.stop(await sessionTargetOf(ctx, w));
    if (w.status === 'DISCONNECTED') continue;
    await whatsapps.update({ id: w.id }, { status: 'DISCONNECTED', qrcode: '' });
    const view = toWhatsappView(
      await whatsapps.get({ where: { id: w.id }, relations: WHATSAPP_VIEW_RELATIONS }),
    );
    ctx.events.publish('whatsapp.session_changed', { companyId: o.companyId, whatsapp: view });
  }
}
