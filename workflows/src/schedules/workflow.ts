import {
  ActivityFailure,
  ApplicationFailure,
  continueAsNew,
  proxyActivities,
  sleep,
  workflowInfo,
} from '@temporalio/workflow';
import type { ScheduledMessageInput, ScheduledMessageResult } from '@atendo/domain/processes';
// Only the type crosses into workflow code; the worker registers the implementation.
import type { ScheduleActivities } from './activities.js';

/** Sends per run before the history starts over (continue-as-new). */
export const SENDS_PER_RUN = 100;

const { scheduleNext, scheduleFail } = proxyActivities<ScheduleActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute' },
});
// Bounded: a send the channel keeps refusing (a connection down for long) ends in ERRO with the
// reason instead of waiting forever; saving the schedule again is the retry.
const { scheduleSend } = proxyActivities<ScheduleActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 3, maximumAttempts: 5 },
});

/**
 * One scheduled message's sends (docs/product/schedules.md Schedules, docs/product/schedules.md#sending-and-recurrence). The database holds the state
 * (status, sentCount, the next sendAt); this workflow holds the timing: it asks when the next
 * send is due, sleeps on a durable timer until then (a send already due, e.g. missed while the
 * platform was down, goes at once), sends, and asks again until the schedule is ENVIADA, ERRO
 * or deleted. An edit restarts it; a delete cancels it.
 */
export async function scheduledMessage(
  input: ScheduledMessageInput,
): Promise<ScheduledMessageResult> {
  const at = () => ({ ...input, now: Date.now() });
  for (let sends = 0; sends < SENDS_PER_RUN && !workflowInfo().continueAsNewSuggested;) {
    const next = await scheduleNext(at());
    if (next.kind === 'done') return next.status;
    const wait = next.sendAt - Date.now();
    if (wait > 0) await sleep(wait);
    try {
      const outcome = await scheduleSend({
        ...at(),
        sentCount: next.sentCount,
        sendAt: next.sendAt,
      });
      if (outcome === 'gone') return 'DELETED';
      if (outcome === 'sent') sends++;
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      const cause = err.cause instanceof ApplicationFailure ? err.cause.message : undefined;
      await scheduleFail({ ...at(), reason: cause || err.message || 'ERR_SENDING_WAPP_MSG' });
      return 'ERRO';
    }
  }
  return continueAsNew<typeof scheduledMessage>(input);
}
