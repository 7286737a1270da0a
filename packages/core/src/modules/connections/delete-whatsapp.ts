import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { removePrivateFile } from '../quick-messages/media-files.js';
import { assertCanManageConnections, loadWhatsapp, sessionTargetOf } from './connections-access.js';

/**
 * Deletes a connection: its session goes first (process stopped, or Connection resource
 * deleted, whose finalizer logs the session out); another connection becomes the default; its
 * greeting media file is removed.
 */
export async function deleteWhatsapp(ctx: AppContext, o: { auth: Principal; whatsappId: number }) {
  await assertCanManageConnections(ctx, o.auth);
  const companyId = o.auth.companyId;
  const current = await loadWhatsapp(ctx, companyId, o.whatsappId);
  await ctx.sessions.remove(await sessionTargetOf(ctx, current));
  await tenantData(ctx.ds, companyId).transaction(async (tx) => {
    const repo = tx.of(WhatsappEntity);
    await repo.delete({ id: current.id });
    if (current.isDefault) {
      const next = await repo.findOne({ order: { id: 'ASC' } });
      if (next) await repo.update({ id: next.id }, { isDefault: true });
    }
  });
  // Its greeting media has no other owner.
  await removePrivateFile(ctx, companyId, current.greetingMediaAttachment);
  ctx.events.publish('whatsapp.deleted', { companyId, whatsappId: current.id });
  return { message: 'Connection deleted' };
}
