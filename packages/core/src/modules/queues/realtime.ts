import { rooms } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Pushes } from '../../events/pushes.js';

/** `company-{id}-queue`: queue names and colours are on every agent's pickers and ticket rows. */
export function registerQueueListeners({ events }: AppContext, realtime: Pushes): void {
  events.on('queue.updated', ({ companyId, queue }) => {
    realtime.emit(companyId, 'queue', [rooms.company], { action: 'update', queue });
  });
  events.on('queue.deleted', ({ companyId, queueId }) => {
    realtime.emit(companyId, 'queue', [rooms.company], { action: 'delete', queueId });
  });
}
