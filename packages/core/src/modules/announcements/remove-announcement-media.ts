import type { AppContext } from '../../context.js';
import { AnnouncementEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { loadAnnouncement } from './announcement-view.js';
import { removeAnnouncementFile } from './media-files.js';

/** Removes an announcement's image (super admin). */
export async function removeAnnouncementMedia(ctx: AppContext, o: { id: number }) {
  const db = platformData(ctx.ds);
  const before = await loadAnnouncement(db, o.id);
  await db.of(AnnouncementEntity).update({ id: o.id }, { mediaPath: null, mediaName: null });
  await removeAnnouncementFile(ctx, before.mediaPath);
  const record = await loadAnnouncement(db, o.id);
  ctx.events.publish('announcement.changed', { action: 'update', record });
  return record;
}
