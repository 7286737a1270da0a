import { AppError, MSG_REQUIRED } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { QuickMessageEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { storePrivateUpload } from '../uploads/private-uploads.js';
import { removePrivateFile } from './media-files.js';
import { loadEditableQuickMessage, loadQuickMessage } from './quick-message-view.js';
import { uploadDisplayName } from '../uploads/upload-display-name.js';

/**
 * Attaches a file to a quick message (its owner, or an admin). The file is stored privately
 * under a random name only after the caller is allowed to, its kind comes from its content,
 * and the previous attachment is removed.
 */
export async function setQuickMessageMedia(
  ctx: AppContext,
  o: { auth: Principal; id: number; file: { buffer: Buffer; originalname?: string } | undefined },
) {
  const companyId = o.auth.companyId;
  const db = tenantData(ctx.ds, companyId);
  const before = await loadEditableQuickMessage(db, o.auth, o.id);
  if (!o.file?.buffer.length)
    throw new AppError('ERR_VALIDATION', { fields: [{ field: 'file', message: MSG_REQUIRED }] });
  const stored = await storePrivateUpload(ctx, { companyId, file: o.file.buffer });
  const ext = stored.fileName.slice(stored.fileName.lastIndexOf('.') + 1);
  await db.of(QuickMessageEntity).update(
    { id: o.id },
    {
      mediaPath: stored.fileName,
      mediaName: uploadDisplayName(o.file.originalname, ext),
      isMedia: true,
    },
  );
  await removePrivateFile(ctx, companyId, before.mediaPath);
  const record = await loadQuickMessage(db, o.auth, o.id);
  ctx.events.publish('quick_message.updated', { companyId, record, wasShared: before.geral });
  return record;
}
