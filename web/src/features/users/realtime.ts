import type { UserView } from '@atendo/domain';
import { authKeys } from '@/lib/auth/keys';
import { eventBinding } from '@/lib/realtime/socket-cache';
import { userKeys } from './queries';

/**
 * `company-{id}-user`: `{action: create|update, user}` or `{action: delete, userId}`. An update
 * (presence, name, profile) changes the users page's rows in place; a new or deleted user moves
 * the name-sorted, searched pages only the server can rebuild, so they are refetched. A change
 * of the logged-in user also updates the session's own copy (the top bar's name and avatar).
 */
export const userSocketBinding = eventBinding({
  entity: 'user',
  recordField: 'user',
  idField: 'userId',
  lists: [{ queryKey: userKeys.lists(), insertAt: 'end' }],
  pages: [{ queryKey: userKeys.pages(), field: 'users', onDelete: 'refetch' }],
  detail: (id) => userKeys.detail(Number(id)),
  onEvent: ({ action, record }, { client, userId }) => {
    if (action !== 'update' || !record || record.id !== userId) return;
    client.setQueryData<UserView>(authKeys.me, (me) => (me ? { ...me, ...record } : me));
  },
});
