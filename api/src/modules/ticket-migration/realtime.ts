import { rooms } from '@atendo/domain';
import type { EventBus } from '../../events/bus.js';

/** What the listeners need of a socket server or of the worker's socket emitter. */
interface RawPushes {
  emitRaw(companyId: number, event: string, rooms: string[], payload: unknown): void;
}

/** `company-{id}-ticketMigration`: the live progress of a migration, to whoever asked for it. */
export function ticketMigrationEvent(companyId: number): string {
  return `company-${companyId}-ticketMigration`;
}

/** A migration's progress goes to the requesting user's room only (their modal shows it). */
export function registerTicketMigrationListeners(events: EventBus, pushes: RawPushes): void {
  events.on('ticket_migration.progressed', ({ companyId, userId, progress }) => {
    if (userId === null) return;
    pushes.emitRaw(companyId, ticketMigrationEvent(companyId), [rooms.user(userId)], {
      action: 'update',
      ...progress,
    });
  });
}
