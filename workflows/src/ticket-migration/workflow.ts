import { defineQuery, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import {
  TICKET_MIGRATION_PAUSE_MS,
  TICKET_MIGRATION_PROGRESS_QUERY,
  type TicketMigrationInput,
  type TicketMigrationProgress,
} from '@atendo/domain/processes';
// Only the type crosses into workflow code; the worker registers the implementation.
import type { TicketMigrationActivities } from './activities.js';

const { migrationBatch } = proxyActivities<TicketMigrationActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute' },
});

export const migrationProgressQuery = defineQuery<TicketMigrationProgress | null>(
  TICKET_MIGRATION_PROGRESS_QUERY,
);

/**
 * One ticket migration (docs/product/connections.md#connection-status): batches of 5 tickets with 500 ms between batches until
 * the migration's row says every ticket was tried. The row holds the position and counters,
 * so a retried batch or a restarted workflow carries on where the database says. At most
 * TICKET_MIGRATION_MAX / 5 batches: the history stays bounded without continue-as-new.
 */
export async function ticketMigration(
  input: TicketMigrationInput,
): Promise<TicketMigrationProgress | null> {
  let progress: TicketMigrationProgress | null = null;
  setHandler(migrationProgressQuery, () => progress);
  for (let batch = 0; ; batch++) {
    if (batch > 0) await sleep(TICKET_MIGRATION_PAUSE_MS);
    progress = await migrationBatch(input);
    if (!progress || progress.done) return progress;
  }
}
