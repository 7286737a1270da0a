import type { UserView } from '@atendo/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { authKeys } from '@/lib/auth/keys';
import { applySocketEvent } from '@/lib/realtime/socket-cache';
import { userKeys } from './queries';
import { userSocketBinding } from './realtime';

const user = (id: number, name: string, extra: Partial<UserView> = {}) =>
  ({
    id,
    companyId: 2,
    name,
    email: `${id}@demo.test`,
    profile: 'user',
    super: false,
    ...extra,
  }) as UserView;

function cache() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const pageKey = userKeys.page('', 1);
  client.setQueryData(pageKey, {
    users: [user(3, 'Bruno'), user(7, 'Ana')],
    count: 2,
    hasMore: false,
  });
  client.setQueryData(authKeys.me, user(7, 'Ana'));
  const context = { client, companyId: 2, userId: 7 };
  const page = () => client.getQueryData<{ users: UserView[] }>(pageKey)!;
  const stale = () => client.getQueryState(pageKey)!.isInvalidated;
  return { client, context, page, stale };
}

describe('userSocketBinding on the users page', () => {
  it('changes a row in place on update (presence), page kept fresh', () => {
    const c = cache();
    applySocketEvent(
      userSocketBinding,
      { action: 'update', user: user(3, 'Bruno', { online: true }) },
      c.context,
    );
    expect(c.page().users.map((u) => [u.id, u.online])).toEqual([
      [3, true],
      [7, undefined],
    ]);
    expect(c.stale()).toBe(false);
  });

  it('refetches the pages on create and delete (name order and count are the server’s)', () => {
    for (const payload of [
      { action: 'create', user: user(9, 'Caio') },
      { action: 'delete', userId: 3 },
    ]) {
      const c = cache();
      applySocketEvent(userSocketBinding, payload, c.context);
      expect(c.stale(), payload.action).toBe(true);
    }
  });

  it("updates the session's own user (top bar name and avatar) when it is the one changed", () => {
    const c = cache();
    applySocketEvent(
      userSocketBinding,
      { action: 'update', user: user(7, 'Ana Maria', { profileImage: '7-a.jpg' }) },
      c.context,
    );
    expect(c.client.getQueryData<UserView>(authKeys.me)).toMatchObject({
      name: 'Ana Maria',
      profileImage: '7-a.jpg',
    });
    expect(c.page().users[1]!.name).toBe('Ana Maria');
  });
});
