import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { privateUploadDir } from '../uploads/private-uploads.js';

/** What the storage refresh needs: the data source and the upload folders. */
export type CompanyStorageContext = Pick<AppContext, 'ds' | 'config' | 'logger'>;

/** One company's uploads as the companies page shows them. */
export interface FolderStats {
  bytes: number;
  files: number;
  /** The newest file change, or null for an empty or missing folder. */
  newest: Date | null;
}

/**
 * Sums the regular files under `dir` (recursively). Symbolic links are not followed, so a
 * link can neither count another company's files nor loop; a missing folder is empty.
 */
export async function folderStats(dir: string): Promise<FolderStats> {
  const stats: FolderStats = { bytes: 0, files: 0, newest: null };
  const pending = [dir];
  while (pending.length) {
    const current = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = await fs.readdir(current, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) {
        // A file deleted between readdir and stat (an upload being replaced) is skipped.
        const st = await fs.lstat(full).catch(() => null);
        if (!st) continue;
        stats.bytes += st.size;
        stats.files += 1;
        if (!stats.newest || st.mtime > stats.newest) stats.newest = st.mtime;
      }
    }
  }
  return stats;
}

/** Both folders a company's uploads live in: public (avatars, logos) and private (media). */
export function companyUploadDirs(ctx: Pick<AppContext, 'config'>, companyId: number): string[] {
  return [
    path.resolve(ctx.config.UPLOAD_DIR, `company${companyId}`),
    path.join(privateUploadDir(ctx as AppContext), `company${companyId}`),
  ];
}

/**
 * Walks every company's upload folders and stores their size, file count and newest change on
 * the company row (docs/product/companies-plans-billing.md Companies page). It runs off the request path (the worker's
 * company-storage schedule), so listing companies never touches the disk. Returns how many
 * companies were refreshed.
 */
export async function refreshCompanyStorage(ctx: CompanyStorageContext): Promise<number> {
  const repo = platformData(ctx.ds).of(CompanyEntity);
  const companies = await repo.find({ select: { id: true }, order: { id: 'ASC' } });
  for (const { id } of companies) {
    const total: FolderStats = { bytes: 0, files: 0, newest: null };
    for (const dir of companyUploadDirs(ctx, id)) {
      const s = await folderStats(dir);
      total.bytes += s.bytes;
      total.files += s.files;
      if (s.newest && (!total.newest || s.newest > total.newest)) total.newest = s.newest;
    }
    // A company deleted meanwhile just updates nothing.
    await repo.update(
      { id },
      {
        folderSize: String(total.bytes),
        numberFileFolder: total.files,
        updatedAtFolder: total.newest,
      },
    );
  }
  ctx.logger.info({ companies: companies.length }, 'company storage refreshed');
  return companies.length;
}
