import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { privateUploadDir } from '../uploads/private-uploads.js';
import { mimeOfStoredFile } from '../uploads/sniff-file-type.js';
import type { SessionConnection } from './session-of.js';

/** The names private uploads are stored under (random hex, the sniffed kind's extension). */
const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

/**
 * The path of one of the session's company's private uploads (outbound media it must send).
 * Only stored names are looked up, in that company's folder alone: another company's file, a
 * path or anything else is not found, so nothing leaks across tenants.
 */
export async function findSessionMedia(
  ctx: AppContext,
  s: SessionConnection,
  fileName: string,
): Promise<{ filePath: string; mimetype: string }> {
  if (!STORED_NAME.test(fileName)) throw new AppError('ERR_NOT_FOUND');
  const filePath = path.join(privateUploadDir(ctx), `company${s.companyId}`, fileName);
  try {
    if (!(await fs.stat(filePath)).isFile()) throw new Error('not a file');
  } catch {
    throw new AppError('ERR_NOT_FOUND');
  }
  return { filePath, mimetype: mimeOfStoredFile(fileName) };
}
