import { IsNull } from 'typeorm';
import type { UpdateScheduleInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ScheduledMessageEntity, type ScheduledMessage } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { requireSchedulesPlan } from './require-schedules-plan.js';
import { checkScheduleReferences } from './schedule-references.js';
import { startScheduleProcess } from './schedule-process.js';
import { loadEditableSchedule, loadSchedule } from './schedule-view.js';

/**
 * Changes a schedule while its last send is not done (ERR_SCHEDULE_ALREADY_SENT after). A
 * schedule in ERRO goes back to PENDENTE, so saving it again (a fixed connection, a new
 * time) is the retry.
 */
export async function updateSchedule(
  ctx: AppContext,
  o: { auth: Principal; id: number; input: UpdateScheduleInput },
) {
  const companyId = o.auth.companyId;
  await requireSchedulesPlan(ctx, companyId);
  const db = tenantData(ctx.ds, companyId);
  const before = await loadEditableSchedule(db, o.auth, o.id);
  const i = o.input;
  const { userId } = await checkScheduleReferences(db, o.auth, i);
  const patch: Partial<ScheduledMessage> = Object.fromEntries(
    Object.entries({
      body: i.body,
      contactId: i.contactId,
      sendAt: i.sendAt === undefined ? undefined : new Date(i.sendAt),
      whatsappId: i.whatsappId,
      userId,
      ticketUserId: i.ticketUserId,
      queueId: i.queueId,
      openTicket: i.openTicket,
      statusTicket: i.statusTicket,
      assinar: i.assinar,
      intervalo: i.intervalo,
      valorIntervalo: i.valorIntervalo,
      enviarQuantasVezes: i.enviarQuantasVezes,
      tipoDias: i.tipoDias,
    }).filter(([, v]) => v !== undefined),
  );
  // A new time or rhythm starts the series over from the (new) next send.
  const timing = ['sendAt', 'intervalo', 'valorIntervalo', 'tipoDias'] as const;
  if (timing.some((k) => k in patch))
    Object.assign(patch, {
      recurrenceAnchorAt: patch.sendAt ?? new Date(before.sendAt),
      recurrenceIndex: 0,
    });
  // The sentAt check again in the write: a send finishing meanwhile wins over the edit.
  const changed = await db
    .of(ScheduledMessageEntity)
    .update({ id: o.id, sentAt: IsNull() }, { ...patch, status: 'PENDENTE', lastError: null });
  if (!changed) await loadEditableSchedule(db, o.auth, o.id);
  const schedule = await loadSchedule(db, o.auth, o.id);
  ctx.events.publish('schedule.updated', { companyId, schedule });
  await startScheduleProcess(ctx, { companyId, scheduleId: o.id, restart: true });
  return schedule;
}
