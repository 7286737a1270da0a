import { AppError, type UpdateFileListInput } from '@atendo/domain';
import { In } from 'typeorm';
import type { AppContext } from '../../context.js';
import { FileListEntity, FileListOptionEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadFileList, lockFileList, removeStoredFiles } from './file-list-view.js';

/**
 * Changes a file list. When `options` is sent it is the whole list: a file with an id of this
 * list is kept (and recaptioned), one without an id is added (to upload next), and a file left
 * out is removed, its stored upload with it once the change is committed. An id of another
 * list is refused, and nothing changes.
 */
export async function updateFileList(
  ctx: AppContext,
  o: { auth: Principal; id: number; input: UpdateFileListInput },
) {
  const companyId = o.auth.companyId;
  const db = tenantData(ctx.ds, companyId);
  const { name, message, options } = o.input;
  const removed = await db.transaction(async (tx) => {
    await lockFileList(tx, o.id);
    if (name !== undefined) {
      const [taken] = await tx.query(
        `SELECT 1 FROM files WHERE "companyId" = $1 AND name = $2 AND id <> $3`,
        [companyId, name, o.id],
      );
      if (taken) throw new AppError('ERR_DUPLICATED_FILE_LIST');
    }
    await tx.of(FileListEntity).update(
      { id: o.id },
      {
        ...(name !== undefined && { name }),
        ...(message !== undefined && { message }),
        updatedAt: new Date(),
      },
    );
    if (!options) return [];
    const files = tx.of(FileListOptionEntity);
    const current = await files.find({ where: { fileId: o.id } });
    const byId = new Map(current.map((f) => [f.id, f]));
    const fields = options.flatMap((opt, i) =>
      opt.id !== undefined && !byId.has(opt.id)
        ? [{ field: `options.${i}.id`, message: 'Not a file of this list' }]
        : [],
    );
    if (fields.length) throw new AppError('ERR_VALIDATION', { fields });
    const kept = new Set(options.flatMap((opt) => (opt.id === undefined ? [] : [opt.id])));
    const gone = current.filter((f) => !kept.has(f.id));
    if (gone.length) await files.delete({ id: In(gone.map((f) => f.id)) });
    for (const opt of options) {
      if (opt.id === undefined) await files.insert({ fileId: o.id, name: opt.name, path: '' });
      else if (byId.get(opt.id)!.name !== opt.name)
        await files.update({ id: opt.id }, { name: opt.name, updatedAt: new Date() });
    }
    return gone.map((f) => f.path);
  });
  await removeStoredFiles(ctx, companyId, removed);
  const record = await loadFileList(db, o.id);
  ctx.events.publish('file_list.saved', { companyId, record, action: 'update' });
  return record;
}
