import { IMPORT_CLOSE_BUTTON_STATE } from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import { closeImportedTicketsOf } from '../connections/close-imported-tickets.js';
import { loadWhatsapp } from '../connections/connections-access.js';
import { toWhatsappView } from '../connections/whatsapp-view.js';

/**
 * The import's end (docs/product/connections.md#import-of-old-messages): with closedTicketsPostImported the imported pending tickets
 * close at once and the connection leaves its import state; otherwise the state becomes
 * renderButtonCloseTickets and the console offers the close button (POST /closedimported/:id).
 * An import that stored nothing just leaves its state. The console's progress ends (`refresh`).
 */
export async function finishMessageImport(
  ctx: AppContext,
  o: { companyId: number; whatsappId: number; processed: number },
): Promise<void> {
  const db = tenantData(ctx.ds, o.companyId);
  const w = await db.of(WhatsappEntity).findOne({
    where: { id: o.whatsappId },
    select: { id: true, closedTicketsPostImported: true },
  });
  if (!w) return;
  if (o.processed > 0 && w.closedTicketsPostImported) {
    await closeImportedTicketsOf(ctx, {
      companyId: o.companyId,
      whatsappId: o.whatsappId,
      userId: null,
    });
  } else {
    await db
      .of(WhatsappEntity)
      .update(
        { id: w.id },
        { statusImportMessages: o.processed > 0 ? IMPORT_CLOSE_BUTTON_STATE : null },
      );
    const view = toWhatsappView(await loadWhatsapp(ctx, o.companyId, w.id));
    ctx.events.publish('whatsapp.updated', { companyId: o.companyId, whatsapp: view });
  }
  ctx.events.publish('message_import.progressed', {
    companyId: o.companyId,
    whatsappId: o.whatsappId,
    action: 'refresh',
  });
}
