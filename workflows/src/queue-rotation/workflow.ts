import {
  condition,
  continueAsNew,
  defineSignal,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { QUEUE_ROTATION_SIGNALS, type QueueRotationInput } from '@atendo/domain/processes';
// Only the type crosses into workflow code; the worker registers the implementation.
import type { QueueRotationActivities } from './activities.js';

const { queueRotationStep } = proxyActivities<QueueRotationActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes' },
});

const rotationNudgeSignal = defineSignal(QUEUE_ROTATION_SIGNALS.nudge);

/** Rounds per run before continue-as-new. */
const ROUNDS_PER_RUN = 100;

/**
 * One queue's rotation (docs/product/tickets.md#timers, ativarRoteador): a round every tempoRoteador minutes
 * gives waiting tickets to the queue's online members round-robin. The round-robin cursor
 * (the member served last) lives here and travels across continue-as-new; the queue's
 * settings are read by every round, which ends the workflow once rotation is off. A `nudge`
 * (the queue was saved) runs a round now.
 */
export async function queueRotation(input: QueueRotationInput): Promise<void> {
  let cursor = input.cursor ?? null;
  let nudged = false;
  setHandler(rotationNudgeSignal, () => {
    nudged = true;
  });
  for (let i = 0; i < ROUNDS_PER_RUN; i++) {
    nudged = false;
    const round = await queueRotationStep({
      companyId: input.companyId,
      queueId: input.queueId,
      cursor,
      now: Date.now(),
    });
    if (round.nextInMs === null) return;
    cursor = round.cursor;
    await condition(() => nudged, round.nextInMs);
    if (workflowInfo().continueAsNewSuggested) break;
  }
  await continueAsNew<typeof queueRotation>({ ...input, cursor });
}
