import type { CallInput, CallOutput } from '@atendo/api-client';
import { api } from '@/lib/api';

/** How often the console reads a running migration's progress. */
export const MIGRATION_POLL_MS = 500;

export interface MigrationResult {
  ok: number;
  failed: number;
}

/** Starts the migration: the caller's `useRouteMutation('ticketMigrationStart')`. */
export type StartMigration = (
  input: CallInput<'ticketMigrationStart'>,
) => Promise<CallOutput<'ticketMigrationStart'>>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Moves tickets to another connection (docs/product/connections.md#connection-status Ticket migration): the platform does it
 * (POST /tickets-migration), five at a time with 500 ms between batches, each ticket becoming
 * pending, with no user, on the target, marked transferred; a refused one counts as failed.
 * The console reads the progress until the migration is done; the tickets lists are the
 * caller's to refetch then (a refetch when the start is answered would miss the moves).
 */
export async function migrateTickets(
  start: StartMigration,
  ticketIds: readonly number[],
  whatsappId: number,
  onProgress: (done: number, total: number) => void,
  pollMs = MIGRATION_POLL_MS,
): Promise<MigrationResult> {
  let progress = await start({
    body: { whatsappId, ticketIds: [...ticketIds] },
  });
  // A platform whose worker is down never finishes: give up (the modal says it failed).
  const deadline = Date.now() + 30_000 + ticketIds.length * 2_000;
  while (!progress.done) {
    if (Date.now() > deadline) throw new Error('migration timed out');
    await pause(pollMs);
    progress = await api.call('ticketMigrationShow', {
      params: { migrationId: progress.migrationId },
    });
    onProgress(progress.migrated + progress.failed, progress.total);
  }
  return { ok: progress.migrated, failed: progress.failed };
}
