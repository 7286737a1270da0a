import {
  SCHEDULE_WORKFLOW,
  scheduleWorkflowId,
  type ScheduledMessageInput,
} from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';

/**
 * (Re)starts a schedule's workflow after the change committed. `restart` replaces a running
 * one (an edit: the new one reads the new time); otherwise a running one is left alone. A
 * Temporal outage only logs: the worker's resume step starts every unsent schedule.
 */
export function startScheduleProcess(
  ctx: AppContext,
  o: ScheduledMessageInput & { restart?: boolean },
): Promise<boolean> {
  const input: ScheduledMessageInput = { companyId: o.companyId, scheduleId: o.scheduleId };
  return ctx.processes.start(SCHEDULE_WORKFLOW, scheduleWorkflowId(o.scheduleId), [input], {
    restart: o.restart,
  });
}

/** Cancels a deleted schedule's workflow (one that misses this finds no row and ends). */
export function cancelScheduleProcess(ctx: AppContext, scheduleId: number): Promise<boolean> {
  return ctx.processes.cancel(scheduleWorkflowId(scheduleId));
}
