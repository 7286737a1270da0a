import type { TicketTimerStepInput, TicketTimerStepResult } from '@atendo/domain/processes';
import { runTicketTimerStep, type AppContext } from '@atendo/core';

/** The ticket timers' activity: one step of the business core's rules (ticket-timers module). */
export function createTicketTimerActivities(deps: { ctx: AppContext }) {
  return {
    /** Does what is due on the ticket now; answers when to look again (null: never). */
    ticketTimerStep(input: TicketTimerStepInput): Promise<TicketTimerStepResult> {
      return runTicketTimerStep(deps.ctx, input);
    },
  };
}

/** The ticket timers' activities, as the workflow sees them. */
export type TicketTimerActivities = ReturnType<typeof createTicketTimerActivities>;
