import type { AppContext } from '../../context.js';
import { rooms } from '@atendo/domain';
import type { Pushes } from '../../events/pushes.js';

/** A migration's progress goes to the requesting user's room only (their modal shows it). */
export function registerTicketMigrationListeners(
  { events }: AppContext,
  pushes: Pick<Pushes, 'emitRaw'>,
): void {
  events.on('ticket_migration.progressed', ({ companyId, userId, progress }) => {
    if (userId === null) return;
    pushes.emitRaw(companyId, 'ticketMigration', [rooms.user(userId)], {
      action: 'update',
      ...progress,
    });
  });
}
