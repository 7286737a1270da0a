import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { ANNOUNCEMENT_MEDIA_MAX_BYTES } from '@atendo/domain';
import { usageError } from '../../errors.js';

/** An image read from disk, ready to upload as the multipart part "file". */
export interface AnnouncementImage {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * Reads `--image` and checks it the way the api will (png or jpeg by content, at most 5 MB), so
 * a wrong file is a usage error before the announcement is created rather than after.
 */
export async function readAnnouncementImage(path: string): Promise<AnnouncementImage> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? String(err);
    throw usageError(`--image: cannot read ${path} (${reason}).`);
  }
  if (!startsWith(bytes, PNG) && !startsWith(bytes, JPEG)) {
    throw usageError(`--image: ${path} is not a png or jpeg image.`);
  }
  if (bytes.length > ANNOUNCEMENT_MEDIA_MAX_BYTES) {
    const mb = ANNOUNCEMENT_MEDIA_MAX_BYTES / 1024 / 1024;
    throw usageError(`--image: ${path} is larger than ${mb} MB.`);
  }
  return { name: basename(path), bytes };
}

/** The multipart body of POST /announcements/:id/media-upload, as the console sends it. */
export function imageFormData(image: AnnouncementImage): FormData {
  const form = new FormData();
  form.append('typeArch', 'announcements');
  form.append('file', new Blob([image.bytes]), image.name);
  return form;
}
