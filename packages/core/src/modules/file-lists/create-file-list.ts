import { AppError, type CreateFileListInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { FileListEntity, FileListOptionEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadFileList } from './file-list-view.js';

/**
 * Creates a file list owned by the caller with its files still to upload (their captions, in
 * order). A name the company already uses is ERR_DUPLICATED_FILE_LIST; between two concurrent
 * saves the unique key decides (the error handler names its table's code).
 */
export async function createFileList(
  ctx: AppContext,
  o: { auth: Principal; input: CreateFileListInput },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  if (await db.of(FileListEntity).exists({ name: o.input.name }))
    throw new AppError('ERR_DUPLICATED_FILE_LIST');
  const id = await db.transaction(async (tx) => {
    const list = await tx.of(FileListEntity).insert({
      name: o.input.name,
      message: o.input.message,
      userId: o.auth.userId,
    });
    if (o.input.options.length)
      await tx
        .of(FileListOptionEntity)
        .insertMany(o.input.options.map((opt) => ({ fileId: list.id, name: opt.name, path: '' })));
    return list.id;
  });
  const record = await loadFileList(db, id);
  ctx.events.publish('file_list.saved', { companyId: o.auth.companyId, record, action: 'create' });
  return record;
}
