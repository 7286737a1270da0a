// Ticket timers (docs/product/tickets.md#closing-and-rating rating expiry, docs/product/tickets.md#timers expiry and redirect): the names the api, the
// worker and the tests share. Pure TypeScript: the workflow imports this file inside Temporal's
// sandbox.

/** Workflow type of one active ticket's timers (inactivity warning and close, redirect, NPS). */
export const TICKET_TIMERS_WORKFLOW = 'ticketTimers';

/** One workflow per ticket: starting it while it runs is a no-op. */
export function ticketTimersWorkflowId(ticketId: number): string {
  return `ticket-timers-${ticketId}`;
}

/** Signals the ticket timers workflow takes. */
export const TICKET_TIMERS_SIGNALS = {
  /** A deadline may have come earlier (status or settings changed): re-evaluate now. */
  nudge: 'nudge',
} as const;

/** Input of {@link TICKET_TIMERS_WORKFLOW}. */
export interface TicketTimersInput {
  companyId: number;
  ticketId: number;
}

/** Input of the `ticketTimerStep` activity: `now` is workflow time (ms since the epoch). */
export interface TicketTimerStepInput extends TicketTimersInput {
  now: number;
}

/** What a timer step may do to a ticket. */
export type TicketTimerAction = 'warn' | 'close' | 'redirect' | 'npsClose';

/** What a timer step did, and when to look again (null: nothing can become due any more). */
export interface TicketTimerStepResult {
  done: TicketTimerAction | null;
  nextInMs: number | null;
}
