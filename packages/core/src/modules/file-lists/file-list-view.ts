import { AppError, type FileListDetailView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { TenantData } from '../../db/tenant-data.js';
import { removePrivateFile } from '../quick-messages/media-files.js';

/**
 * A file list with its files, in one statement. A file not uploaded yet has an empty path and
 * no url; an uploaded one is read through the authenticated /private route.
 */
const FILE_LIST_BY_ID = `
  SELECT f.id, f.name, f.message, f."userId", f."createdAt", f."updatedAt",
         COALESCE((
           SELECT json_agg(json_build_object(
                    'id', o.id, 'name', o.name, 'path', NULLIF(o.path, ''),
                    'mediaType', o."mediaType",
                    'mediaUrl', CASE WHEN o.path = '' THEN NULL
                                     ELSE '/private/' || o."companyId" || '/' || o.path END)
                  ORDER BY o.id)
             FROM files_options o
            WHERE o."companyId" = f."companyId" AND o."fileId" = f.id), '[]') AS options
    FROM files f
   WHERE f."companyId" = $1 AND f.id = $2`;

/** One file list of the company, or ERR_NOT_FOUND (another company's is not found either). */
export async function loadFileList(db: TenantData, id: number): Promise<FileListDetailView> {
  const [row] = await db.query<FileListDetailView>(FILE_LIST_BY_ID, [db.companyId, id]);
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return row;
}

/** Takes the company's lock on one file list for the rest of the transaction, or ERR_NOT_FOUND. */
export async function lockFileList(tx: TenantData, id: number): Promise<void> {
  const [row] = await tx.query(
    `SELECT 1 FROM files WHERE "companyId" = $1 AND id = $2 FOR UPDATE`,
    [tx.companyId, id],
  );
  if (!row) throw new AppError('ERR_NOT_FOUND');
}

/** Removes stored uploads of a company's file lists (names we generated; nothing else). */
export async function removeStoredFiles(
  ctx: AppContext,
  companyId: number,
  names: readonly (string | null | undefined)[],
): Promise<void> {
  for (const name of names) await removePrivateFile(ctx, companyId, name ?? null);
}
