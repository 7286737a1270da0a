import type { UserView } from '@atendo/domain';
import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '@/lib/auth/keys';
import { socketBinding } from '@/lib/realtime/socket-cache';
import { userKeys } from './queries';

type Page = { users: UserView[]; count: number; hasMore: boolean };

/** Applies `change` to every cached page of the users page. */
function patchPages(client: QueryClient, change: (users: UserView[]) => UserView[]) {
  client.setQueriesData<Page>({ queryKey: userKeys.pages() }, (page) =>
    page ? { ...page, users: change(page.users) } : page,
  );
}

/**
 * `company-{id}-user`: `{action: create|update, user}` or `{action: delete, userId}`. An update
 * (presence, name, profile) changes the users page's rows in place; a new or deleted user moves
 * the name-sorted, searched pages only the server can rebuild, so they are refetched. A change
 * of the logged-in user also updates the session's own copy (the top bar's name and avatar).
 */
export const userSocketBinding = socketBinding<UserView>({
  entity: 'user',
  recordField: 'user',
  idField: 'userId',
  lists: [{ queryKey: userKeys.lists(), insertAt: 'end' }],
  detail: (id) => userKeys.detail(Number(id)),
  onEvent: ({ action, record }, { client, userId }) => {
    if (action === 'update' && record)
      patchPages(client, (users) =>
        users.map((u) => (u.id === record.id ? { ...u, ...record } : u)),
      );
    else void client.invalidateQueries({ queryKey: userKeys.pages() });
    if (action !== 'update' || !record || record.id !== userId) return;
    client.setQueryData<UserView>(authKeys.me, (me) => (me ? { ...me, ...record } : me));
  },
});
