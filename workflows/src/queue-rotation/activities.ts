import type { QueueRotationStepInput, QueueRotationStepResult } from '@atendo/domain/processes';
import { rotateQueue, type AppContext } from '@atendo/core';

/** The queue rotation's activity: one round of the business core's rule (rotate-queue.ts). */
export function createQueueRotationActivities(deps: { ctx: AppContext }) {
  return {
    /** Gives the queue's waiting tickets to its online members; answers when to run again. */
    queueRotationStep(input: QueueRotationStepInput): Promise<QueueRotationStepResult> {
      return rotateQueue(deps.ctx, input);
    },
  };
}

/** The queue rotation's activities, as the workflow sees them. */
export type QueueRotationActivities = ReturnType<typeof createQueueRotationActivities>;
