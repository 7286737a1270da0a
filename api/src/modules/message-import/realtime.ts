import { importMessagesEvent, rooms } from '@atendo/domain';
import type { EventBus } from '../../events/bus.js';

/** What the listeners need of a socket server or of the worker's socket emitter. */
interface RawPushes {
  emitRaw(companyId: number, event: string, rooms: string[], payload: unknown): void;
}

/**
 * `importMessages-{companyId}` (docs/product/connections.md#routes): `{action:'update', whatsappId, status:{this, all,
 * date}}` while a connection's history is imported, `{action:'refresh', whatsappId}` when it
 * ended. Counts only, for everyone of the company who may look at the connections page.
 */
export function registerMessageImportListeners(events: EventBus, pushes: RawPushes): void {
  events.on('message_import.progressed', ({ companyId, whatsappId, action, status }) => {
    pushes.emitRaw(companyId, importMessagesEvent(companyId), [rooms.company], {
      action,
      whatsappId,
      ...(status ? { status } : {}),
    });
  });
}
