import type { AppContext } from '../../context.js';
import { FileListEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadFileList, removeStoredFiles } from './file-list-view.js';

/**
 * Deletes a file list with its files (the database cascades to them); queues and chatbot
 * options that sent it keep working without it. The stored uploads go once the row is gone.
 */
export async function deleteFileList(ctx: AppContext, o: { auth: Principal; id: number }) {
  const companyId = o.auth.companyId;
  const db = tenantData(ctx.ds, companyId);
  const record = await loadFileList(db, o.id);
  await db.of(FileListEntity).delete({ id: o.id });
  await removeStoredFiles(
    ctx,
    companyId,
    record.options.map((f) => f.path),
  );
  ctx.events.publish('file_list.deleted', { companyId, id: o.id });
  return { message: 'File list deleted' };
}
