import type { CampaignView } from '@atendo/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { socketBinding } from '@/lib/realtime/socket-cache';
import { campaignKeys } from './queries';

type Page = { records: CampaignView[]; count?: number; hasMore: boolean };

/** Applies `change` to every loaded page of every cached campaigns list. */
function patchPages(client: QueryClient, change: (rows: CampaignView[]) => CampaignView[]) {
  client.setQueriesData<InfiniteData<Page>>({ queryKey: campaignKeys.pages() }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, records: change(p.records) })) } : data,
  );
}

/**
 * `company-{id}-campaign`: `{action: create|update, record}` (the campaign with its report
 * counters) or `{action: delete, id}`. An update replaces the row in the loaded pages and
 * merges into the open detail, so a report moves with each push; a new campaign lands in a
 * searched, newest-first list only the server can rebuild, so the lists are refetched.
 */
export const campaignSocketBinding = socketBinding<CampaignView>({
  entity: 'campaign',
  recordField: 'record',
  idField: 'id',
  detail: (id) => campaignKeys.detail(Number(id)),
  onEvent: ({ action, record, id }, { client }) => {
    if (action === 'update' && record)
      patchPages(client, (rows) => rows.map((r) => (r.id === record.id ? { ...r, ...record } : r)));
    else if (action === 'delete' && id !== undefined)
      patchPages(client, (rows) => rows.filter((r) => r.id !== Number(id)));
    else void client.invalidateQueries({ queryKey: campaignKeys.pages() });
  },
});
