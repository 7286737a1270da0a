import type { TicketMigrationView } from '@atendo/domain';
import type { TicketMigration } from '../../db/entities/index.js';

/** The progress a migration's row says. */
export function toTicketMigrationView(
  m: Pick<TicketMigration, 'id' | 'whatsappId' | 'ticketIds' | 'migrated' | 'failed' | 'status'>,
): TicketMigrationView {
  return {
    migrationId: m.id,
    whatsappId: m.whatsappId,
    total: m.ticketIds.length,
    migrated: m.migrated,
    failed: m.failed,
    done: m.status === 'done',
  };
}
