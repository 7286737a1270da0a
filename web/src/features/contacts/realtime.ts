import type { QueryClient } from '@tanstack/react-query';
import { eventBinding } from '@/lib/realtime/socket-cache';
import { patchTicketsContactTags } from './contact-caches';
import { contactKeys } from './queries';

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
 * Updates and deletes change the loaded pages in place (an update's tags also reach the tickets
 * of the contact); creates refetch them.
 */
export const contactSocketBinding = eventBinding({
  entity: 'contact',
  recordField: 'contact',
  idField: 'contactId',
  detail: (id) => contactKeys.detail(Number(id)),
  pages: [{ queryKey: contactKeys.lists(), field: 'contacts', onCreate: 'ignore' }],
  onEvent: ({ action, record }, { client }) => {
    // A tag sync (here or by another user) reaches the tickets lists and open conversations.
    if (action === 'update' && record && Array.isArray(record.tags))
      patchTicketsContactTags(client, record.id, record.tags);
    else if (action === 'create') refetchListsSoon(client);
  },
});
