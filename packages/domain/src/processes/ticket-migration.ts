// Names of the ticket migration process (docs/product/connections.md#connection-status Ticket migration), shared by the api, the
// worker and the tests. Pure TypeScript: workflow code imports it inside Temporal's sandbox.

/** Workflow type of one migration run. */
export const TICKET_MIGRATION_WORKFLOW = 'ticketMigration';

/** Query answering a running migration's {@link TicketMigrationProgress}. */
export const TICKET_MIGRATION_PROGRESS_QUERY = 'ticketMigrationProgress';

/** Tickets moved at once, and the pause between two batches (docs/product/connections.md#connection-status, docs/product/connections.md#limits-and-defaults). */
export const TICKET_MIGRATION_BATCH = 5;
export const TICKET_MIGRATION_PAUSE_MS = 500;

/** Workflow id of one migration: one per request, named by its company and migration id. */
export function ticketMigrationWorkflowId(companyId: number, migrationId: string): string {
  return `ticket-migration-${companyId}-${migrationId}`;
}

/** What the workflow is started with; the migration's row holds the ticket ids. */
export interface TicketMigrationInput {
  companyId: number;
  migrationId: string;
}

/** Where a migration stands (the row's counters; `done` once every ticket was tried). */
export interface TicketMigrationProgress {
  migrationId: string;
  whatsappId: number;
  total: number;
  migrated: number;
  failed: number;
  done: boolean;
}
