import { rooms } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { SocketEmitter } from '../../events/socket-emitter.js';

/**
 * The socket pushes of domain events published in a process without a Socket.IO server (the
 * worker), through the PostgreSQL emitter. The console's `payment` binding re-reads the
 * company and the signed-in user on any `company-{id}-payment` event, which is what both an
 * issued invoice and a billing deactivation change.
 */
export function registerSocketEmitterListeners(
  events: AppContext['events'],
  emitter: SocketEmitter,
): void {
  events.on('invoice.created', ({ companyId, invoice }) => {
    emitter.emit(companyId, 'payment', [rooms.admins], { action: 'create', payment: invoice });
  });
  events.on('company.updated', ({ companyId }) => {
    emitter.emit(companyId, 'payment', [rooms.company], {
      action: 'update',
      company: { id: companyId },
    });
  });
}
