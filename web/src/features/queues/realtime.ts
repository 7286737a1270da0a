import { eventBinding } from '@/lib/realtime/socket-cache';
import { queueKeys } from './queries';

/**
 * `company-{id}-queue`: `{action: update, queue}` or `{action: delete, queueId}`. The lists are
 * sorted by the api (menu order), so they are refetched rather than patched.
 */
export const queueSocketBinding = eventBinding({
  entity: 'queue',
  recordField: 'queue',
  idField: 'queueId',
  lists: [{ queryKey: queueKeys.lists() }],
  detail: (id) => queueKeys.detail(Number(id)),
  strategy: 'invalidate',
});
