import { migrateTicketBatch, type AppContext } from '@atendo/core';
import type { TicketMigrationInput } from '@atendo/domain/processes';

/** The ticket migration's activity: one batch through the business core (ticket-migration). */
export function createTicketMigrationActivities(deps: { ctx: AppContext }) {
  return {
    /** The next five tickets; null when the migration no longer exists. */
    migrationBatch(input: TicketMigrationInput) {
      return migrateTicketBatch(deps.ctx, input);
    },
  };
}

export type TicketMigrationActivities = ReturnType<typeof createTicketMigrationActivities>;
