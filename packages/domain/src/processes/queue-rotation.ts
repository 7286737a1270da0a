// Queue rotation (docs/product/tickets.md#timers, queue ativarRoteador / tempoRoteador): the names the api, the
// worker and the tests share. Pure TypeScript: the workflow imports this file inside Temporal's
// sandbox.

/** Workflow type of one queue's rotation. */
export const QUEUE_ROTATION_WORKFLOW = 'queueRotation';

/** One workflow per queue: starting it while it runs is a no-op. */
export function queueRotationWorkflowId(queueId: number): string {
  return `queue-rotation-${queueId}`;
}

/** Signals the queue rotation workflow takes. */
export const QUEUE_ROTATION_SIGNALS = {
  /** The queue's rotation settings changed: run a round now (and stop when switched off). */
  nudge: 'nudge',
} as const;

/** Input of {@link QUEUE_ROTATION_WORKFLOW}; `cursor` is carried across continue-as-new. */
export interface QueueRotationInput {
  companyId: number;
  queueId: number;
  /** The member the last ticket went to (round-robin continues after them). */
  cursor?: number | null;
}

/** Input of the `queueRotationStep` activity: `now` is workflow time (ms since the epoch). */
export interface QueueRotationStepInput {
  companyId: number;
  queueId: number;
  cursor: number | null;
  now: number;
}

/** What a rotation round did; `nextInMs` null when the queue no longer rotates. */
export interface QueueRotationStepResult {
  cursor: number | null;
  /** Tickets given to a member this round (ticket id → user id). */
  assigned: { ticketId: number; userId: number }[];
  nextInMs: number | null;
}
