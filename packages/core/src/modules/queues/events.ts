import type { QueueViewRow } from '@atendo/domain';

/** The domain events the queues module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface QueuesEvents {
  /** A queue was created or changed (its option tree included). */
  'queue.updated': { companyId: number; queue: QueueViewRow };
  'queue.deleted': { companyId: number; queueId: number };
}
