import type { AppContext } from '../../context.js';
import { AnnouncementEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { loadAnnouncement } from './announcement-view.js';
import { removeAnnouncementFile } from './media-files.js';

/** Deletes an announcement and its image (super admin). */
export async function deleteAnnouncement(ctx: AppContext, o: { id: number }) {
  const db = platformData(ctx.ds);
  const record = await loadAnnouncement(db, o.id);
  await db.of(AnnouncementEntity).delete({ id: o.id });
  await removeAnnouncementFile(ctx, record.mediaPath);
  ctx.events.publish('announcement.deleted', { id: o.id });
  return { message: 'Announcement deleted' };
}
