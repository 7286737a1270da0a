import { ANNOUNCEMENT_MEDIA_KINDS, AppError, MSG_REQUIRED } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { AnnouncementEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { sniffFileType } from '../uploads/sniff-file-type.js';
import { uploadDisplayName } from '../uploads/upload-display-name.js';
import { loadAnnouncement } from './announcement-view.js';
import { removeAnnouncementFile, storeAnnouncementFile } from './media-files.js';

/**
 * Attaches an image to an announcement (super admin). Its kind comes from its content, never
 * from the client's name or type: png or jpeg only (docs/product/internal-chat-and-announcements.md). The previous image is removed.
 */
export async function setAnnouncementMedia(
  ctx: AppContext,
  o: { id: number; file: { buffer: Buffer; originalname?: string } | undefined },
) {
  const db = platformData(ctx.ds);
  const before = await loadAnnouncement(db, o.id);
  if (!o.file?.buffer.length)
    throw new AppError('ERR_VALIDATION', { fields: [{ field: 'file', message: MSG_REQUIRED }] });
  const kind = sniffFileType(o.file.buffer, ANNOUNCEMENT_MEDIA_KINDS);
  if (!kind)
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'file', message: 'Must be a png or jpeg image' }],
    });
  const fileName = await storeAnnouncementFile(ctx, o.file.buffer, kind.ext);
  await db
    .of(AnnouncementEntity)
    .update(
      { id: o.id },
      { mediaPath: fileName, mediaName: uploadDisplayName(o.file.originalname, kind.ext) },
    );
  await removeAnnouncementFile(ctx, before.mediaPath);
  const record = await loadAnnouncement(db, o.id);
  ctx.events.publish('announcement.changed', { action: 'update', record });
  return record;
}
