import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.js';
import { privateUploadDir } from '../uploads/private-uploads.js';

/** Removes a stored private file of a company (a name we generated; nothing else is touched). */
export async function removePrivateFile(
  ctx: AppContext,
  companyId: number,
  fileName: string | null,
): Promise<void> {
  if (!fileName || path.basename(fileName) !== fileName) return;
  await fs.rm(path.join(privateUploadDir(ctx), `company${companyId}`, fileName), { force: true });
}
