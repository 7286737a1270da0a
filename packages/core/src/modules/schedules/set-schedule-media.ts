import { AppError, SCHEDULE_MEDIA_KINDS, MSG_REQUIRED } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ScheduledMessageEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { removePrivateFile } from '../quick-messages/media-files.js';
import { storePrivateUpload } from '../uploads/private-uploads.js';
import { requireSchedulesPlan } from './require-schedules-plan.js';
import { loadEditableSchedule, loadSchedule } from './schedule-view.js';
import { uploadDisplayName } from '../uploads/upload-display-name.js';

/**
 * Attaches a file to a schedule not yet sent. Its kind comes from its content (png, jpg, gif,
 * pdf, xls, xlsx; docs/product/schedules.md#limits), it is stored privately under a random name only after the
 * caller is allowed to, and the previous attachment is removed.
 */
export async function setScheduleMedia(
  ctx: AppContext,
  o: { auth: Principal; id: number; file: { buffer: Buffer; originalname?: string } | undefined },
) {
  const companyId = o.auth.companyId;
  await requireSchedulesPlan(ctx, companyId);
  const db = tenantData(ctx.ds, companyId);
  const before = await loadEditableSchedule(db, o.auth, o.id);
  if (!o.file?.buffer.length)
    throw new AppError('ERR_VALIDATION', { fields: [{ field: 'file', message: MSG_REQUIRED }] });
  const stored = await storePrivateUpload(ctx, {
    companyId,
    file: o.file.buffer,
    allowed: SCHEDULE_MEDIA_KINDS,
  });
  const ext = stored.fileName.slice(stored.fileName.lastIndexOf('.') + 1);
  await db
    .of(ScheduledMessageEntity)
    .update(
      { id: o.id },
      { mediaPath: stored.fileName, mediaName: uploadDisplayName(o.file.originalname, ext) },
    );
  await removePrivateFile(ctx, companyId, before.mediaPath);
  const schedule = await loadSchedule(db, o.auth, o.id);
  ctx.events.publish('schedule.updated', { companyId, schedule });
  return schedule;
}
