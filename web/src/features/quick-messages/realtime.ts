import type { QuickMessageView } from '@atendo/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { socketBinding } from '@/lib/realtime/socket-cache';
import { quickMessageKeys } from './queries';

type Page = { records: QuickMessageView[]; count?: number; hasMore: boolean };

/** Applies `change` to every loaded page of every cached quick messages list. */
function patchPages(
  client: QueryClient,
  change: (records: QuickMessageView[]) => QuickMessageView[],
) {
  client.setQueriesData<InfiniteData<Page>>({ queryKey: quickMessageKeys.pages() }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, records: change(p.records) })) } : data,
  );
}

/**
 * `company-{id}-quickmessage`: `{action: create|update, record}` or `{action: delete, id}`
 * (the api sends each only to those who see the message). Updates and deletes change the
 * loaded pages in place; an update of a message not loaded yet, or a create, refetches them.
 * The composer's list is refetched on any change.
 */
export const quickMessageSocketBinding = socketBinding<QuickMessageView>({
  entity: 'quickmessage',
  recordField: 'record',
  idField: 'id',
  detail: (id) => quickMessageKeys.detail(Number(id)),
  invalidate: [quickMessageKeys.composer()],
  onEvent: ({ action, record, id }, { client }) => {
    const loaded = (recordId: number) =>
      client
        .getQueriesData<InfiniteData<Page>>({ queryKey: quickMessageKeys.pages() })
        .some(([, data]) => data?.pages.some((p) => p.records.some((r) => r.id === recordId)));
    if (action === 'update' && record && loaded(record.id))
      patchPages(client, (list) => list.map((r) => (r.id === record.id ? { ...r, ...record } : r)));
    else if (action === 'delete' && id !== undefined)
      patchPages(client, (list) => list.filter((r) => r.id !== Number(id)));
    else void client.invalidateQueries({ queryKey: quickMessageKeys.pages() });
  },
});
