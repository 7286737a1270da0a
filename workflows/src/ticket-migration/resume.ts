import { listMigrationsToResume, type AppContext } from '@atendo/core';
import {
  TICKET_MIGRATION_WORKFLOW,
  ticketMigrationWorkflowId,
  type TicketMigrationInput,
} from '@atendo/domain/processes';

/** Starts every migration not done yet (a running one is left alone); returns how many. */
export async function resumeTicketMigrations(ctx: AppContext): Promise<number> {
  let started = 0;
  for (const m of await listMigrationsToResume(ctx)) {
    const input: TicketMigrationInput = m;
    const id = ticketMigrationWorkflowId(m.companyId, m.migrationId);
    if (await ctx.processes.start(TICKET_MIGRATION_WORKFLOW, id, [input])) started++;
  }
  return started;
}
