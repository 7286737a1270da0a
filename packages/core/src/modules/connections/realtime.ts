import { rooms, type WhatsappView } from '@atendo/domain';
import type { RealtimeInput } from '@atendo/contract';
import type { AppContext } from '../../context.js';
import type { Pushes } from '../../events/pushes.js';
import { withoutToken } from './connection-token-view.js';

/**
 * `company-{id}-whatsapp` and `company-{id}-whatsappSession`: a connection's token goes to the
 * admins room only; everyone else gets the view without it.
 */
export function registerConnectionListeners({ events }: AppContext, realtime: Pushes): void {
  const connectionEvent = <E extends 'whatsapp' | 'whatsappSession'>(
    companyId: number,
    entity: E,
    payload: (view: WhatsappView) => RealtimeInput<E>,
    whatsapp: WhatsappView,
  ) => {
    realtime.emit(companyId, entity, [rooms.admins], payload(whatsapp));
    realtime.emit(companyId, entity, [rooms.company], payload(withoutToken(whatsapp)), [
      rooms.admins,
    ]);
  };
  events.on('whatsapp.created', ({ companyId, whatsapp }) => {
    connectionEvent(companyId, 'whatsapp', (w) => ({ action: 'update', whatsapp: w }), whatsapp);
  });
  events.on('whatsapp.updated', ({ companyId, whatsapp }) => {
    connectionEvent(companyId, 'whatsapp', (w) => ({ action: 'update', whatsapp: w }), whatsapp);
  });
  events.on('whatsapp.deleted', ({ companyId, whatsappId }) => {
    realtime.emit(companyId, 'whatsapp', [rooms.company], { action: 'delete', whatsappId });
  });
  events.on('whatsapp.session_changed', ({ companyId, whatsapp }) => {
    connectionEvent(
      companyId,
      'whatsappSession',
      (w) => ({ action: 'update', session: w }),
      whatsapp,
    );
  });
}
