import { eventBinding } from '@/lib/realtime/socket-cache';
import { quickMessageKeys } from './queries';

/**
 * `company-{id}-quickmessage`: `{action: create|update, record}` or `{action: delete, id}`
 * (the api sends each only to those who see the message). Updates and deletes change the
 * loaded pages in place; an update of a message not loaded yet, or a create, refetches them.
 * The composer's list is refetched on any change.
 */
export const quickMessageSocketBinding = eventBinding({
  entity: 'quickmessage',
  recordField: 'record',
  idField: 'id',
  detail: (id) => quickMessageKeys.detail(Number(id)),
  pages: [
    {
      queryKey: quickMessageKeys.pages(),
      field: 'records',
      inPlace: (loaded) => loaded.length > 0,
    },
  ],
  invalidate: [quickMessageKeys.composer()],
});
