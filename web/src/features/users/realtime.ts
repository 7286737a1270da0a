import type { UserView } from '@atendo/domain';
import { authKeys } from '@/lib/auth/keys';
import { socketBinding } from '@/lib/realtime/socket-cache';
import { userKeys } from './queries';

/**
 * `company-{id}-user`: `{action: create|update, user}` or `{action: delete, userId}`. A change
 * of the logged-in user (name, presence, profile) also updates the session's own copy.
 */
export const userSocketBinding = socketBinding<UserView>({
  entity: 'user',
  recordField: 'user',
  idField: 'userId',
  lists: [{ queryKey: userKeys.lists(), insertAt: 'end' }],
  detail: (id) => userKeys.detail(Number(id)),
  onEvent: ({ action, record }, { client, userId }) => {
    if (action !== 'update' || !record || record.id !== userId) return;
    client.setQueryData<UserView>(authKeys.me, (me) => (me ? { ...me, ...record } : me));
  },
});
