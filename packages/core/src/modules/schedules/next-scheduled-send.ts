import type { ScheduleNextStep } from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import { withCompany } from '../../db/tenant-scope.js';
import { loadScheduleRow } from './schedule-view.js';

interface StateRow {
  sendAt: Date;
  sentAt: Date | null;
  status: string;
  sentCount: number;
  enviarQuantasVezes: number;
  pendingMessageIds: number[] | null;
}

/**
 * What a schedule's workflow does next, from the database: wait for sendAt (a PENDENTE one
 * becomes AGENDADA), or stop (sent, failed, deleted). Messages a send stored but the channel
 * has not taken yet are due at once. `now` is the workflow's clock.
 */
export async function nextScheduledSend(
  ctx: AppContext,
  o: { companyId: number; scheduleId: number; now: number },
): Promise<ScheduleNextStep> {
  return withCompany(o.companyId, async () => {
    const db = tenantData(ctx.ds, o.companyId);
    const [row] = await db.query<StateRow>(
      `SELECT "sendAt", "sentAt", status, "sentCount", "enviarQuantasVezes", "pendingMessageIds"
         FROM scheduled_messages WHERE "companyId" = $1 AND id = $2`,
      [o.companyId, o.scheduleId],
    );
    if (!row) return { kind: 'done', status: 'DELETED' };
    if (row.pendingMessageIds?.length) return { kind: 'wait', sendAt: 0, sentCount: row.sentCount };
    if (row.sentAt || row.status === 'ENVIADA') return { kind: 'done', status: 'ENVIADA' };
    if (row.status === 'ERRO') return { kind: 'done', status: 'ERRO' };
    if (row.sentCount >= row.enviarQuantasVezes) {
      // Every send done but not marked (an edit lowered the count): it is sent.
      await db.query(
        `UPDATE scheduled_messages SET status = 'ENVIADA', "sentAt" = $3, "updatedAt" = now()
          WHERE "companyId" = $1 AND id = $2 AND "sentAt" IS NULL`,
        [o.companyId, o.scheduleId, new Date(o.now)],
      );
      await publishSchedule(ctx, o.companyId, o.scheduleId);
      return { kind: 'done', status: 'ENVIADA' };
    }
    if (row.status !== 'AGENDADA') {
      await db.query(
        `UPDATE scheduled_messages SET status = 'AGENDADA', "updatedAt" = now()
          WHERE "companyId" = $1 AND id = $2 AND status = 'PENDENTE'`,
        [o.companyId, o.scheduleId],
      );
      await publishSchedule(ctx, o.companyId, o.scheduleId);
    }
    return { kind: 'wait', sendAt: new Date(row.sendAt).getTime(), sentCount: row.sentCount };
  });
}

/** Pushes a schedule's current view (its status changed). */
export async function publishSchedule(
  ctx: AppContext,
  companyId: number,
  scheduleId: number,
): Promise<void> {
  const schedule = await loadScheduleRow(tenantData(ctx.ds, companyId), scheduleId);
  if (schedule) ctx.events.publish('schedule.updated', { companyId, schedule });
}
