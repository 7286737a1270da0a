import { ApplicationFailure } from '@temporalio/activity';
import { AppError } from '@atendo/domain';
import type { ScheduleNextStep } from '@atendo/domain/processes';
import {
  failScheduledMessage,
  nextScheduledSend,
  sendScheduledMessage,
  type AppContext,
  type ScheduledSendOutcome,
} from '@atendo/core';

/** Input of a schedule activity: the schedule, and the workflow's clock (ms) when it asked. */
export interface ScheduleActivityInput {
  companyId: number;
  scheduleId: number;
  now: number;
}

/**
 * A rule of the business core said no (no connection, a missing row): retrying cannot help,
 * so the workflow records it at once. Anything else (the channel, the database) is retried.
 */
async function final<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) throw ApplicationFailure.nonRetryable(err.code, 'AppError');
    throw err;
  }
}

/** The scheduled-message activities: each one use case of the business core (schedules). */
export function createScheduleActivities(deps: { ctx: AppContext }) {
  return {
    /** When the next send is due (a PENDENTE schedule becomes AGENDADA), or that it is over. */
    scheduleNext(input: ScheduleActivityInput): Promise<ScheduleNextStep> {
      return nextScheduledSend(deps.ctx, input);
    },
    /** Sends occurrence `sentCount` once (a retry resends the same stored message). */
    scheduleSend(
      input: ScheduleActivityInput & { sentCount: number; sendAt: number },
    ): Promise<ScheduledSendOutcome> {
      return final(() => sendScheduledMessage(deps.ctx, input));
    },
    /** The send failed for good: ERRO with the reason. */
    scheduleFail(input: ScheduleActivityInput & { reason: string }): Promise<void> {
      return failScheduledMessage(deps.ctx, input);
    },
  };
}

/** The schedule activities, as the workflow sees them. */
export type ScheduleActivities = ReturnType<typeof createScheduleActivities>;
