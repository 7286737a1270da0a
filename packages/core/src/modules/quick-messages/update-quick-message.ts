import type { UpdateQuickMessageInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { QuickMessageEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import {
  loadEditableQuickMessage,
  loadQuickMessage,
  lockShortcodes,
  requireFreeShortcode,
} from './quick-message-view.js';

/** Updates a quick message: its owner, or an admin; the shortcode stays unique. */
export async function updateQuickMessage(
  ctx: AppContext,
  o: { auth: Principal; id: number; input: UpdateQuickMessageInput },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const before = await loadEditableQuickMessage(db, o.auth, o.id);
  const { shortcode, message, geral, visao, status } = o.input;
  const patch = Object.fromEntries(
    Object.entries({ shortcode, message, geral, visao, status }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(patch).length) {
    await db.transaction(async (tx) => {
      if (shortcode !== undefined) {
        await lockShortcodes(tx);
        await requireFreeShortcode(tx, shortcode, o.id);
      }
      await tx.of(QuickMessageEntity).update({ id: o.id }, patch);
    });
  }
  const record = await loadQuickMessage(db, o.auth, o.id);
  ctx.events.publish('quick_message.updated', {
    companyId: o.auth.companyId,
    record,
    wasShared: before.geral,
  });
  return record;
}
