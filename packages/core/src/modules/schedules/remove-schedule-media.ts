import type { AppContext } from '../../context.js';
import { ScheduledMessageEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { removePrivateFile } from '../quick-messages/media-files.js';
import { requireSchedulesPlan } from './require-schedules-plan.js';
import { loadEditableSchedule, loadSchedule } from './schedule-view.js';

/** Removes the attachment of a schedule not yet sent. */
export async function removeScheduleMedia(ctx: AppContext, o: { auth: Principal; id: number }) {
  const companyId = o.auth.companyId;
  await requireSchedulesPlan(ctx, companyId);
  const db = tenantData(ctx.ds, companyId);
  const before = await loadEditableSchedule(db, o.auth, o.id);
  await db.of(ScheduledMessageEntity).update({ id: o.id }, { mediaPath: null, mediaName: null });
  await removePrivateFile(ctx, companyId, before.mediaPath);
  const schedule = await loadSchedule(db, o.auth, o.id);
  ctx.events.publish('schedule.updated', { companyId, schedule });
  return schedule;
}
