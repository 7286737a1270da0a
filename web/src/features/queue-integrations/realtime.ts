import type { QueueIntegrationDetailView } from '@atendo/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { socketBinding } from '@/lib/realtime/socket-cache';
import { queueIntegrationKeys, type QueueIntegrationRow } from './queries';

type Page = { queueIntegrations: QueueIntegrationRow[]; count?: number; hasMore: boolean };

/** Applies `change` to every loaded page of every cached integrations list. */
function patchPages(
  client: QueryClient,
  change: (rows: QueueIntegrationRow[]) => QueueIntegrationRow[],
) {
  client.setQueriesData<InfiniteData<Page>>({ queryKey: queueIntegrationKeys.pages() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({ ...p, queueIntegrations: change(p.queueIntegrations) })),
        }
      : data,
  );
}

/** The row a loaded page holds of the integration `id`, if any. */
function loadedRow(client: QueryClient, id: number): QueueIntegrationRow | undefined {
  for (const [, data] of client.getQueriesData<InfiniteData<Page>>({
    queryKey: queueIntegrationKeys.pages(),
  }))
    for (const page of data?.pages ?? []) {
      const row = page.queueIntegrations.find((r) => r.id === id);
      if (row) return row;
    }
  return undefined;
}

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
export const queueIntegrationSocketBinding = socketBinding<QueueIntegrationDetailView>({
  entity: 'queueIntegration',
  recordField: 'queueIntegration',
  idField: 'integrationId',
  detail: (id) => queueIntegrationKeys.detail(Number(id)),
  invalidate: [queueIntegrationKeys.picker()],
  onEvent: ({ action, record, id }, { client }) => {
    const row = record ? loadedRow(client, record.id) : undefined;
    if (action === 'update' && record && row && row.name === record.name)
      patchPages(client, (rows) => rows.map((r) => (r.id === record.id ? toRow(record) : r)));
    else if (action === 'delete' && id !== undefined)
      patchPages(client, (rows) => rows.filter((r) => r.id !== Number(id)));
    else void client.invalidateQueries({ queryKey: queueIntegrationKeys.pages() });
  },
});
