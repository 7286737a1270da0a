import type { ContactView } from '@atendo/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { socketBinding } from '@/lib/realtime/socket-cache';
import { contactKeys } from './queries';

type Page = { contacts: ContactView[]; count?: number; hasMore: boolean };

/** Applies `change` to every page of every cached contact list. */
function patchLists(client: QueryClient, change: (contacts: ContactView[]) => ContactView[]) {
  client.setQueriesData<InfiniteData<Page>>({ queryKey: contactKeys.lists() }, (data) =>
    data
      ? { ...data, pages: data.pages.map((p) => ({ ...p, contacts: change(p.contacts) })) }
      : data,
  );
}

/**
 * New contacts land in filtered, name-sorted, paged lists only the server can rebuild: the
 * lists are refetched, once per burst (an import creates hundreds in a row).
 */
let refetchTimer: ReturnType<typeof setTimeout> | undefined;
function refetchListsSoon(client: QueryClient) {
  clearTimeout(refetchTimer);
  refetchTimer = setTimeout(
    () => void client.invalidateQueries({ queryKey: contactKeys.lists() }),
    500,
  );
}

/**
 * `company-{id}-contact`: `{action: create|update, contact}` or `{action: delete, contactId}`.
 * Updates and deletes change the loaded pages in place; creates refetch them.
 */
export const contactSocketBinding = socketBinding<ContactView>({
  entity: 'contact',
  recordField: 'contact',
  idField: 'contactId',
  detail: (id) => contactKeys.detail(Number(id)),
  onEvent: ({ action, record, id }, { client }) => {
    if (action === 'update' && record)
      patchLists(client, (list) => list.map((c) => (c.id === record.id ? { ...c, ...record } : c)));
    else if (action === 'delete' && id !== undefined)
      patchLists(client, (list) => list.filter((c) => c.id !== Number(id)));
    else refetchListsSoon(client);
  },
});
