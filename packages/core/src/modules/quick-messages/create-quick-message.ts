import type { CreateQuickMessageInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { QuickMessageEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadQuickMessage, lockShortcodes, requireFreeShortcode } from './quick-message-view.js';

/** Creates a quick message owned by the caller; its shortcode is unique in the company. */
export async function createQuickMessage(
  ctx: AppContext,
  o: { auth: Principal; input: CreateQuickMessageInput },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const { id } = await db.transaction(async (tx) => {
    await lockShortcodes(tx);
    await requireFreeShortcode(tx, o.input.shortcode);
    return tx.of(QuickMessageEntity).insert({
      shortcode: o.input.shortcode,
      message: o.input.message ?? null,
      geral: o.input.geral ?? false,
      visao: o.input.visao ?? true,
      status: o.input.status ?? null,
      userId: o.auth.userId,
    });
  });
  const record = await loadQuickMessage(db, o.auth, id);
  ctx.events.publish('quick_message.created', { companyId: o.auth.companyId, record });
  return record;
}
