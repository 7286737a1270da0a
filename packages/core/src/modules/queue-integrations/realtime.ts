import type { AppContext } from '../../context.js';
import { rooms } from '@atendo/domain';
import type { Pushes } from '../../events/pushes.js';

/**
 * `company-{id}-queueIntegration` to the company's admins, who manage integrations:
 * `{ action, queueIntegration }` on a create or update, `{ action: 'delete', integrationId }`
 * on a delete (the keys the lineage's Integrations page reads). Never the Dialogflow key.
 */
export function registerQueueIntegrationListeners({ events }: AppContext, realtime: Pushes): void {
  events.on('queue_integration.saved', ({ companyId, queueIntegration, action }) =>
    realtime.emit(companyId, 'queueIntegration', [rooms.admins], { action, queueIntegration }),
  );
  events.on('queue_integration.deleted', ({ companyId, id }) =>
    realtime.emit(companyId, 'queueIntegration', [rooms.admins], {
      action: 'delete',
      integrationId: id,
    }),
  );
}
