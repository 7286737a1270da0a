import {
  QUEUE_ROTATION_SIGNALS,
  QUEUE_ROTATION_WORKFLOW,
  TICKET_TIMERS_SIGNALS,
  TICKET_TIMERS_WORKFLOW,
  queueRotationWorkflowId,
  ticketTimersWorkflowId,
  type QueueRotationInput,
  type TicketTimersInput,
} from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';

/**
 * Starts a ticket's timers, or, when they already run, makes them look again now (a deadline
 * may have come earlier: a status change, shorter settings). Never throws (the gateway logs).
 */
export function nudgeTicketTimers(ctx: AppContext, companyId: number, ticketId: number) {
  const input: TicketTimersInput = { companyId, ticketId };
  return ctx.processes.signalWithStart(
    TICKET_TIMERS_WORKFLOW,
    ticketTimersWorkflowId(ticketId),
    TICKET_TIMERS_SIGNALS.nudge,
    [],
    [input],
  );
}

/** Starts a ticket's timers unless they run already (resume). */
export function startTicketTimers(ctx: AppContext, companyId: number, ticketId: number) {
  const input: TicketTimersInput = { companyId, ticketId };
  return ctx.processes.start(TICKET_TIMERS_WORKFLOW, ticketTimersWorkflowId(ticketId), [input]);
}

/** Wakes a running ticket's timers (they end at once when the ticket is no longer active). */
export function wakeTicketTimers(ctx: AppContext, ticketId: number) {
  return ctx.processes.signal(ticketTimersWorkflowId(ticketId), TICKET_TIMERS_SIGNALS.nudge);
}

/** Starts a queue's rotation, or runs a round now when it already rotates. */
export function nudgeQueueRotation(ctx: AppContext, companyId: number, queueId: number) {
  const input: QueueRotationInput = { companyId, queueId };
  return ctx.processes.signalWithStart(
    QUEUE_ROTATION_WORKFLOW,
    queueRotationWorkflowId(queueId),
    QUEUE_ROTATION_SIGNALS.nudge,
    [],
    [input],
  );
}

/** Starts a queue's rotation unless it runs already (resume). */
export function startQueueRotation(ctx: AppContext, companyId: number, queueId: number) {
  const input: QueueRotationInput = { companyId, queueId };
  return ctx.processes.start(QUEUE_ROTATION_WORKFLOW, queueRotationWorkflowId(queueId), [input]);
}

/** Wakes a running rotation (it ends at once when the queue no longer rotates). */
export function wakeQueueRotation(ctx: AppContext, queueId: number) {
  return ctx.processes.signal(queueRotationWorkflowId(queueId), QUEUE_ROTATION_SIGNALS.nudge);
}

/** Runs `fn` over `items`, `width` at a time (resumes call Temporal once per item). */
export async function inParallel<T>(
  items: readonly T[],
  width: number,
  fn: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
