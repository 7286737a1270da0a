import {
  condition,
  continueAsNew,
  defineSignal,
  proxyActivities,
  setHandler,
  sleep,
  workflowInfo,
} from '@temporalio/workflow';
import { TICKET_TIMERS_SIGNALS, type TicketTimersInput } from '@atendo/domain/processes';
// Only the type crosses into workflow code; the worker registers the implementation.
import type { TicketTimerActivities } from './activities.js';

const { ticketTimerStep } = proxyActivities<TicketTimerActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes' },
});

const nudgeSignal = defineSignal(TICKET_TIMERS_SIGNALS.nudge);

/** Steps per run before continue-as-new (each is a few history events). */
const STEPS_PER_RUN = 100;

/**
 * One active ticket's timers (docs/product/tickets.md#closing-and-rating NPS expiry, docs/product/tickets.md#timers expiry and redirect). The database
 * decides: each step re-reads the ticket and does what is due, then this sleeps until the next
 * deadline. A customer's message needs no signal (it only moves deadlines later: the step
 * that wakes at the old one sees it and sleeps on); a `nudge` re-evaluates early when a
 * deadline may have come earlier. Ends when nothing can become due (closed, no timers).
 */
export async function ticketTimers(input: TicketTimersInput): Promise<void> {
  let nudged = false;
  setHandler(nudgeSignal, () => {
    nudged = true;
  });
  let immediate = 0;
  for (let i = 0; i < STEPS_PER_RUN; i++) {
    // A nudge arriving during the step may reflect a change after its read: look again.
    nudged = false;
    const { nextInMs } = await ticketTimerStep({ ...input, now: Date.now() });
    if (nextInMs === null) return;
    if (nextInMs > 0) {
      immediate = 0;
      await condition(() => nudged, nextInMs);
    } else if (++immediate > 3) {
      // Something was due again and again: never spin, whatever the data says.
      await sleep('1 minute');
    }
    if (workflowInfo().continueAsNewSuggested) break;
  }
  await continueAsNew<typeof ticketTimers>(input);
}
