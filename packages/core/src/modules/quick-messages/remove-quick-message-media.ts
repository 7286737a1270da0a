import type { AppContext } from '../../context.js';
import { QuickMessageEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { removePrivateFile } from './media-files.js';
import { loadEditableQuickMessage, loadQuickMessage } from './quick-message-view.js';

/** Removes a quick message's attachment (its owner, or an admin). */
export async function removeQuickMessageMedia(ctx: AppContext, o: { auth: Principal; id: number }) {
  const companyId = o.auth.companyId;
  const db = tenantData(ctx.ds, companyId);
  const before = await loadEditableQuickMessage(db, o.auth, o.id);
  await db
    .of(QuickMessageEntity)
    .update({ id: o.id }, { mediaPath: null, mediaName: null, isMedia: false });
  await removePrivateFile(ctx, companyId, before.mediaPath);
  const record = await loadQuickMessage(db, o.auth, o.id);
  ctx.events.publish('quick_message.updated', { companyId, record, wasShared: before.geral });
  return record;
}
