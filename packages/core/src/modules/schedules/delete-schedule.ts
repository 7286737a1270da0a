import type { AppContext } from '../../context.js';
import { ScheduledMessageEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { removePrivateFile } from '../quick-messages/media-files.js';
import { requireSchedulesPlan } from './require-schedules-plan.js';
import { cancelScheduleProcess } from './schedule-process.js';
import { loadSchedule } from './schedule-view.js';

/** Deletes a schedule the caller manages (sent ones too: they clear the calendar) and its file. */
export async function deleteSchedule(ctx: AppContext, o: { auth: Principal; id: number }) {
  const companyId = o.auth.companyId;
  await requireSchedulesPlan(ctx, companyId);
  const db = tenantData(ctx.ds, companyId);
  const schedule = await loadSchedule(db, o.auth, o.id);
  await db.of(ScheduledMessageEntity).delete({ id: o.id });
  await removePrivateFile(ctx, companyId, schedule.mediaPath);
  ctx.events.publish('schedule.deleted', { companyId, id: o.id, userId: schedule.userId });
  await cancelScheduleProcess(ctx, o.id);
  return { message: 'Schedule deleted' };
}
