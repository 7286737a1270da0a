import { AppError, FILE_LIST_MAX_FILE_BYTES, FILE_LIST_MAX_OPTIONS } from '@atendo/domain';
import type { RequestHandler } from 'express';
import type { AppContext } from '@atendo/core/context.js';
import { FileListOptionEntity } from '@atendo/core/db/entities/index.js';
import { tenantData } from '@atendo/core/db/tenant-data.js';
import { createAuthenticate } from '../../http/authenticate.js';
import type { Principal } from '@atendo/core/access/principal.js';
import { storePrivateUpload } from '@atendo/core/modules/uploads/private-uploads.js';
import { multipartUpload } from '../uploads/multipart-upload.js';
import {
  loadFileList,
  lockFileList,
  removeStoredFiles,
} from '@atendo/core/modules/file-lists/file-list-view.js';

/** The multipart reader of POST /files/uploadList/:id: admins only, before the body is read. */
export function fileListUpload(ctx: AppContext): RequestHandler {
  const authenticate = createAuthenticate(ctx);
  return multipartUpload(ctx, {
    field: 'files',
    maxBytes: FILE_LIST_MAX_FILE_BYTES,
    maxFiles: FILE_LIST_MAX_OPTIONS,
    // fileId and typeArch, then id, name and mediaType for each file.
    maxFields: 2 + 3 * FILE_LIST_MAX_OPTIONS,
    authorize: (req) => authenticate(req, 'admin'),
  });
}

/** A repeated form field as a list (one value arrives as a string). */
function many(v: unknown): unknown[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/**
 * Fills files of a file list with uploads: the k-th `files` part goes to the file named by the
 * k-th `id` field, which must be a file of this list. Each upload's kind comes from its
 * content (never from the form's mediaType) and it replaces that file's earlier upload, which
 * is removed once the change is committed. On any refusal nothing is kept.
 */
export async function uploadFileListFiles(
  ctx: AppContext,
  o: {
    auth: Principal;
    id: number;
    files: { buffer: Buffer }[] | undefined;
    body: Record<string, unknown> | undefined;
  },
) {
  const companyId = o.auth.companyId;
  const db = tenantData(ctx.ds, companyId);
  await loadFileList(db, o.id); // another company's list is not found, before anything is read
  const files = o.files ?? [];
  const ids = many(o.body?.id).map((v) => (typeof v === 'string' ? Number(v) : NaN));
  if (!files.length)
    throw new AppError('ERR_VALIDATION', { fields: [{ field: 'files', message: 'Required' }] });
  if (ids.length !== files.length || ids.some((n) => !Number.isSafeInteger(n) || n <= 0))
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'id', message: 'One file id for each uploaded file' }],
    });
  if (new Set(ids).size !== ids.length)
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'id', message: 'A file may be uploaded once' }],
    });
  const stored: { fileName: string; mimetype: string }[] = [];
  let replaced: string[] = [];
  try {
    for (const f of files)
      stored.push(await storePrivateUpload(ctx, { companyId, file: f.buffer }));
    replaced = await db.transaction(async (tx) => {
      await lockFileList(tx, o.id);
      const options = tx.of(FileListOptionEntity);
      const current = new Map(
        (await options.find({ where: { fileId: o.id } })).map((f) => [f.id, f]),
      );
      const unknown = ids.findIndex((id) => !current.has(id));
      if (unknown >= 0)
        throw new AppError('ERR_VALIDATION', {
          fields: [{ field: `id.${unknown}`, message: 'Not a file of this list' }],
        });
      for (const [k, id] of ids.entries())
        await options.update(
          { id },
          { path: stored[k]!.fileName, mediaType: stored[k]!.mimetype, updatedAt: new Date() },
        );
      return ids.map((id) => current.get(id)!.path);
    });
  } catch (err) {
    await removeStoredFiles(
      ctx,
      companyId,
      stored.map((s) => s.fileName),
    );
    throw err;
  }
  await removeStoredFiles(ctx, companyId, replaced);
  const record = await loadFileList(db, o.id);
  ctx.events.publish('file_list.saved', { companyId, record, action: 'update' });
  return record;
}
