import type { AppContext } from '../../context.js';
import { QuickMessageEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { removePrivateFile } from './media-files.js';
import { loadEditableQuickMessage } from './quick-message-view.js';

/** Deletes a quick message (its owner, or an admin) and its attachment. */
export async function deleteQuickMessage(ctx: AppContext, o: { auth: Principal; id: number }) {
  const companyId = o.auth.companyId;
  const db = tenantData(ctx.ds, companyId);
  const record = await loadEditableQuickMessage(db, o.auth, o.id);
  await db.of(QuickMessageEntity).delete({ id: o.id });
  await removePrivateFile(ctx, companyId, record.mediaPath);
  ctx.events.publish('quick_message.deleted', {
    companyId,
    id: o.id,
    userId: record.userId,
    geral: record.geral,
  });
  return { message: 'Quick message deleted' };
}
