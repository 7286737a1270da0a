import { api } from '@/lib/api';

/** Tickets moved at once, and the pause between two batches (spec 2 §4, §9). */
export const MIGRATION_BATCH = 5;
export const MIGRATION_PAUSE_MS = 500;

export interface MigrationResult {
  ok: number;
  failed: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Moves tickets to another connection (spec 2 §4 Ticket migration): each becomes pending, with
 * no user, on the target connection, marked transferred. Five at a time with 500 ms between
 * batches so the api and the sessions are not flooded; one failure does not stop the rest.
 */
export async function migrateTickets(
  ticketIds: readonly number[],
  whatsappId: number,
  onProgress: (done: number, total: number) => void,
  pauseMs = MIGRATION_PAUSE_MS,
): Promise<MigrationResult> {
  const result: MigrationResult = { ok: 0, failed: 0 };
  for (let i = 0; i < ticketIds.length; i += MIGRATION_BATCH) {
    if (i > 0) await pause(pauseMs);
    const batch = ticketIds.slice(i, i + MIGRATION_BATCH);
    const settled = await Promise.allSettled(
      batch.map((id) =>
        api.call('ticketsUpdate', {
          params: { id },
          body: { status: 'pending', userId: null, whatsappId, isTransfered: true },
        }),
      ),
    );
    for (const s of settled) {
      if (s.status === 'fulfilled') result.ok++;
      else result.failed++;
    }
    onProgress(result.ok + result.failed, ticketIds.length);
  }
  return result;
}
