import { rooms } from '@atendo/domain';
import type { RealtimeInput } from '@atendo/contract';
import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import type { Pushes } from '../../events/pushes.js';

/**
 * `company-announcement` (docs/product/internal-chat-and-announcements.md#routes) and `company-{id}-announcement` (docs/product/internal-chat-and-announcements.md) to every company's users: announcements are the
 * platform's notices to all. An active one is sent whole (`create`/`update` insert or replace
 * it); one made inactive or deleted goes as `{action: 'delete', id}`, so nobody keeps showing
 * it. Each company is its own namespace, so the push goes to each company's room.
 */
export function registerAnnouncementListeners(ctx: AppContext, realtime: Pushes): void {
  const toEveryCompany = async (payload: RealtimeInput<'announcement'>) => {
    const companies = await platformData(ctx.ds)
      .of(CompanyEntity)
      .find({ select: { id: true }, where: { status: true } });
    for (const { id } of companies) {
      realtime.emitRaw(id, 'companyAnnouncement', [rooms.company], payload);
      // The name docs/product/internal-chat-and-announcements.md gives it too, `company-{id}-announcement`, for consoles that listen so.
      realtime.emit(id, 'announcement', [rooms.company], payload);
    }
  };
  ctx.events.on('announcement.changed', ({ action, record }) =>
    toEveryCompany(record.status ? { action, record } : { action: 'delete', id: record.id }),
  );
  ctx.events.on('announcement.deleted', ({ id }) => toEveryCompany({ action: 'delete', id }));
}
