import type { QueueIntegrationDetailView } from '@atendo/domain';
import { eventBinding } from '@/lib/realtime/socket-cache';
import { queueIntegrationKeys, type QueueIntegrationRow } from './queries';

/** The list row of an integration's detail view (what GET /queueIntegration carries). */
export function toRow(integration: QueueIntegrationDetailView): QueueIntegrationRow {
  return {
    id: integration.id,
    name: integration.name,
    type: integration.type,
    projectName: integration.projectName,
    language: integration.language,
    urlN8N: integration.urlN8N,
    typebotSlug: integration.typebotSlug,
  };
}

/**
 * `company-{id}-queueIntegration` (sent to admins): `{action: create|update, queueIntegration:
 * <detail>}` or `{action: delete, integrationId}`. The detail query takes the new copy; a
 * loaded row whose name is unchanged is patched in place, a delete drops the row, and anything
 * else (a create, a rename that may move it in the name order) refetches the pages. The queue
 * dialog's and connection modal's picker (`['queueIntegrations', 'picker']`) is refetched on
 * any change.
 */
export const queueIntegrationSocketBinding = eventBinding({
  entity: 'queueIntegration',
  recordField: 'queueIntegration',
  idField: 'integrationId',
  detail: (id) => queueIntegrationKeys.detail(Number(id)),
  invalidate: [queueIntegrationKeys.picker()],
  pages: [
    {
      queryKey: queueIntegrationKeys.pages(),
      field: 'queueIntegrations',
      inPlace: (loaded, record) => loaded.length > 0 && loaded[0]!.name === record.name,
      toRow,
    },
  ],
});
