import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.js';
import { privateUploadDir } from './private-uploads.js';
import { sniffFileType } from './sniff-file-type.js';

/**
 * Keeps a received file in the company's private storage under a random name. The extension
 * (which decides the type it is served with) comes from the bytes when they are a known kind,
 * else `bin` (served as a download): never from the name or type the sender claimed.
 */
export async function storeInboundMedia(
  ctx: AppContext,
  companyId: number,
  data: Buffer,
): Promise<string> {
  const ext = sniffFileType(data)?.ext ?? 'bin';
  const dir = path.join(privateUploadDir(ctx), `company${companyId}`);
  await fs.mkdir(dir, { recursive: true });
  const fileName = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
  await fs.writeFile(path.join(dir, fileName), data);
  return `/private/${companyId}/${fileName}`;
}
