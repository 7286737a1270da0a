import {
  DEFAULT_ANNOUNCEMENT_PRIORITY,
  PLATFORM_COMPANY_ID,
  type CreateAnnouncementInput,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { AnnouncementEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { loadAnnouncement } from './announcement-view.js';

/**
 * Creates an announcement (super admin). It belongs to the platform company and is shown to
 * every company; active and priority 3 (low) unless said otherwise (docs/product/internal-chat-and-announcements.md).
 */
export async function createAnnouncement(ctx: AppContext, o: { input: CreateAnnouncementInput }) {
  const db = platformData(ctx.ds);
  const repo = db.of(AnnouncementEntity);
  const { id } = await repo.save(
    repo.create({
      companyId: PLATFORM_COMPANY_ID,
      title: o.input.title,
      text: o.input.text,
      status: o.input.status ?? true,
      priority: o.input.priority ?? DEFAULT_ANNOUNCEMENT_PRIORITY,
    }),
  );
  const record = await loadAnnouncement(db, id);
  ctx.events.publish('announcement.changed', { action: 'create', record });
  return record;
}
