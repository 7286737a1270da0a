import type { AppContext } from '../../context.js';
import { rooms } from '@atendo/domain';
import type { Pushes } from '../../events/pushes.js';

/**
 * `importMessages-{companyId}` (docs/product/connections.md#routes): `{action:'update', whatsappId, status:{this, all,
 * date}}` while a connection's history is imported, `{action:'refresh', whatsappId}` when it
 * ended. Counts only, for everyone of the company who may look at the connections page.
 */
export function registerMessageImportListeners(
  { events }: AppContext,
  pushes: Pick<Pushes, 'emitRaw'>,
): void {
  events.on('message_import.progressed', ({ companyId, whatsappId, action, status }) => {
    pushes.emitRaw(companyId, 'importMessages', [rooms.company], {
      action,
      whatsappId,
      ...(status ? { status } : {}),
    });
  });
}
