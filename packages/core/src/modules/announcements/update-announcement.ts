import type { UpdateAnnouncementInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { AnnouncementEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { loadAnnouncement } from './announcement-view.js';

/** Updates an announcement's title, text, status or priority (super admin). */
export async function updateAnnouncement(
  ctx: AppContext,
  o: { id: number; input: UpdateAnnouncementInput },
) {
  const db = platformData(ctx.ds);
  await loadAnnouncement(db, o.id);
  const { title, text, status, priority } = o.input;
  const patch = Object.fromEntries(
    Object.entries({ title, text, status, priority }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(patch).length) await db.of(AnnouncementEntity).update({ id: o.id }, patch);
  const record = await loadAnnouncement(db, o.id);
  ctx.events.publish('announcement.changed', { action: 'update', record });
  return record;
}
