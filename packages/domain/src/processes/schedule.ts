// Names of the scheduled-message process (docs/product/schedules.md Schedules, docs/product/schedules.md#sending-and-recurrence): pure, for the api,
// the worker, the workflow sandbox and tests.

/** Workflow type of one scheduled message's sends. */
export const SCHEDULE_WORKFLOW = 'scheduledMessage';

/** One workflow per schedule: starting it again while it runs is a no-op. */
export function scheduleWorkflowId(scheduleId: number): string {
  return `schedule-${scheduleId}`;
}

export interface ScheduledMessageInput {
  companyId: number;
  scheduleId: number;
}

/** What the database says a schedule's process should do next. */
export type ScheduleNextStep =
  /** Sleep until `sendAt` (ms), then send occurrence `sentCount`. */
  | { kind: 'wait'; sendAt: number; sentCount: number }
  /** Nothing more: sent (ENVIADA), failed (ERRO) or deleted. */
  | { kind: 'done'; status: string };

/** The status the workflow ends with (the schedule's, or DELETED when it is gone). */
export type ScheduledMessageResult = string;
