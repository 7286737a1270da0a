import type { TicketMigrationProgress } from '@atendo/domain/processes';

/** The domain events the ticket-migration module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface TicketMigrationEvents {
  /** A ticket migration finished a batch (docs/product/connections.md#connection-status); `userId` asked for it. */
  'ticket_migration.progressed': {
    companyId: number;
    userId: number | null;
    progress: TicketMigrationProgress;
  };
}
