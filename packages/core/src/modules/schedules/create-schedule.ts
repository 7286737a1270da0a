import type { CreateScheduleInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ScheduledMessageEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { requireSchedulesPlan } from './require-schedules-plan.js';
import { checkScheduleReferences } from './schedule-references.js';
import { startScheduleProcess } from './schedule-process.js';
import { loadSchedule } from './schedule-view.js';

/**
 * Schedules a message to a contact of the company (docs/product/schedules.md Schedule modal). Defaults of docs/product/schedules.md#limits:
 * intervalo 1 (days), sent once, tipoDias 4; the ticket options default to "send and close".
 */
export async function createSchedule(
  ctx: AppContext,
  o: { auth: Principal; input: CreateScheduleInput },
) {
  const companyId = o.auth.companyId;
  await requireSchedulesPlan(ctx, companyId);
  const db = tenantData(ctx.ds, companyId);
  const i = o.input;
  const { userId } = await checkScheduleReferences(db, o.auth, i);
  const sendAt = new Date(i.sendAt);
  const { id } = await db.of(ScheduledMessageEntity).insert({
    body: i.body,
    contactId: i.contactId,
    sendAt,
    whatsappId: i.whatsappId ?? null,
    userId: userId ?? o.auth.userId,
    ticketUserId: i.ticketUserId ?? null,
    queueId: i.queueId ?? null,
    openTicket: i.openTicket ?? 'disabled',
    statusTicket: i.statusTicket ?? 'closed',
    assinar: i.assinar ?? false,
    intervalo: i.intervalo ?? 1,
    valorIntervalo: i.valorIntervalo ?? 0,
    enviarQuantasVezes: i.enviarQuantasVezes ?? 1,
    tipoDias: i.tipoDias ?? 4,
    status: 'PENDENTE',
    recurrenceAnchorAt: sendAt,
    recurrenceIndex: 0,
  });
  const schedule = await loadSchedule(db, o.auth, id);
  ctx.events.publish('schedule.created', { companyId, schedule });
  await startScheduleProcess(ctx, { companyId, scheduleId: id });
  return schedule;
}
