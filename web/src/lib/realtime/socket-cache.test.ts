import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applySocketEvent, readSocketEvent, socketBinding } from './socket-cache';

interface User {
  id: number;
  name: string;
}

const binding = socketBinding<User>({
  entity: 'user',
  recordField: 'user',
  idField: 'userId',
  lists: [
    { queryKey: ['users', 'list'], insertAt: 'end' },
    { queryKey: ['users', 'page'], field: 'users' },
  ],
  detail: (id) => ['users', 'detail', id],
  invalidate: [['dashboard']],
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(
    ['users', 'list'],
    [
      { id: 1, name: 'Ana' },
      { id: 2, name: 'Bia' },
    ],
  );
  client.setQueryData(['users', 'page', { search: '' }], {
    users: [{ id: 1, name: 'Ana' }],
    count: 1,
    hasMore: false,
  });
  client.setQueryData(['users', 'detail', 1], { id: 1, name: 'Ana' });
  client.setQueryData(['dashboard'], { users: 2 });
  return { client, context: { client, companyId: 3, userId: 1 } };
}

describe('socket cache mapping', () => {
  it('reads the action, the record and the id the payload carries', () => {
    expect(readSocketEvent(binding, { action: 'update', user: { id: 4, name: 'D' } })).toEqual({
      action: 'update',
      record: { id: 4, name: 'D' },
      id: 4,
    });
    expect(readSocketEvent(binding, { action: 'delete', userId: 5 })).toEqual({
      action: 'delete',
      record: undefined,
      id: 5,
    });
  });

  it('upserts an update into every list and the detail, and refetches derived data', () => {
    const { client, context } = setup();
    applySocketEvent(binding, { action: 'update', user: { id: 1, name: 'Ana Maria' } }, context);
    expect(client.getQueryData(['users', 'list'])).toEqual([
      { id: 1, name: 'Ana Maria' },
      { id: 2, name: 'Bia' },
    ]);
    expect(client.getQueryData(['users', 'page', { search: '' }])).toMatchObject({
      users: [{ id: 1, name: 'Ana Maria' }],
      count: 1,
    });
    expect(client.getQueryData(['users', 'detail', 1])).toEqual({ id: 1, name: 'Ana Maria' });
    expect(client.getQueryState(['dashboard'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['users', 'list'])?.isInvalidated).toBe(false);
  });

  it('adds a created record where each list wants it and counts it', () => {
    const { client, context } = setup();
    applySocketEvent(binding, { action: 'create', user: { id: 9, name: 'Caio' } }, context);
    expect(client.getQueryData<User[]>(['users', 'list'])?.map((u) => u.id)).toEqual([1, 2, 9]);
    expect(client.getQueryData(['users', 'page', { search: '' }])).toMatchObject({
      users: [{ id: 9 }, { id: 1 }],
      count: 2,
    });
    expect(client.getQueryData(['users', 'detail', 9])).toEqual({ id: 9, name: 'Caio' });
  });

  it('removes a deleted record from the lists and drops its detail', () => {
    const { client, context } = setup();
    applySocketEvent(binding, { action: 'delete', userId: 1 }, context);
    expect(client.getQueryData<User[]>(['users', 'list'])?.map((u) => u.id)).toEqual([2]);
    expect(client.getQueryData(['users', 'page', { search: '' }])).toMatchObject({
      users: [],
      count: 0,
    });
    expect(client.getQueryData(['users', 'detail', 1])).toBeUndefined();
  });

  it('refetches instead of guessing for other actions, unreadable payloads and invalidate bindings', () => {
    const { client, context } = setup();
    applySocketEvent(binding, { action: 'reload' }, context);
    expect(client.getQueryState(['users', 'list'])?.isInvalidated).toBe(true);
    expect(client.getQueryData<User[]>(['users', 'list'])).toHaveLength(2);

    const other = setup();
    applySocketEvent(
      { ...binding, strategy: 'invalidate' },
      { action: 'update', user: { id: 1, name: 'X' } },
      other.context,
    );
    expect(other.client.getQueryData(['users', 'detail', 1])).toEqual({ id: 1, name: 'Ana' });
    expect(other.client.getQueryState(['users', 'detail', 1])?.isInvalidated).toBe(true);
    expect(other.client.getQueryState(['users', 'page', { search: '' }])?.isInvalidated).toBe(true);
  });

  it('hands the event to the binding with the listening session', () => {
    const { context } = setup();
    const seen: unknown[] = [];
    applySocketEvent(
      { ...binding, onEvent: (event, ctx) => seen.push([event.action, event.id, ctx.userId]) },
      { action: 'update', user: { id: 1, name: 'A' } },
      context,
    );
    expect(seen).toEqual([['update', 1, 1]]);
  });
});
