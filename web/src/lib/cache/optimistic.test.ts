import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { upsertRecord } from './list-cache';
import { optimisticMutation, optimisticRouteMutation } from './optimistic';

interface Row {
  key: string;
  value: string;
}

const shape = { idOf: (row: Row) => row.key, insertAt: 'end' as const };

function run(outcome: 'ok' | 'fail') {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(['settings', 'list'], [{ key: 'a', value: 'off' }]);
  let release!: () => void;
  const settled = new Promise<void>((resolve) => (release = resolve));
  const observer = new MutationObserver(client, {
    mutationFn: async (row: Row) => {
      await settled;
      if (outcome === 'fail') throw new Error('refused');
      return row;
    },
    ...optimisticMutation<Row>(client, ['settings'], (data, row) => upsertRecord(data, row, shape)),
  });
  const done = observer.mutate({ key: 'a', value: 'on' }).catch(() => undefined);
  return { client, release, done };
}

describe('optimisticMutation', () => {
  it('shows the new value before the api answers and keeps it on success', async () => {
    const { client, release, done } = run('ok');
    await new Promise((r) => setTimeout(r, 0));
    expect(client.getQueryData(['settings', 'list'])).toEqual([{ key: 'a', value: 'on' }]);
    release();
    await done;
    expect(client.getQueryData(['settings', 'list'])).toEqual([{ key: 'a', value: 'on' }]);
    expect(client.getQueryState(['settings', 'list'])?.isInvalidated).toBe(true);
  });

  it('puts the old value back when the api refuses', async () => {
    const { client, release, done } = run('fail');
    await new Promise((r) => setTimeout(r, 0));
    expect(client.getQueryData(['settings', 'list'])).toEqual([{ key: 'a', value: 'on' }]);
    release();
    await done;
    expect(client.getQueryData(['settings', 'list'])).toEqual([{ key: 'a', value: 'off' }]);
  });
});

describe('optimisticRouteMutation', () => {
  /** As `run`, with the route variant: a success's refetch is the route entry's, not its own. */
  function runRoute(outcome: 'ok' | 'fail') {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    client.setQueryData(['settings', 'list'], [{ key: 'a', value: 'off' }]);
    const observer = new MutationObserver(client, {
      mutationFn: async (row: Row) => {
        if (outcome === 'fail') throw new Error('refused');
        return row;
      },
      ...optimisticRouteMutation<Row>(client, ['settings'], (data, row) =>
        upsertRecord(data, row, shape),
      ),
    });
    const done = observer.mutate({ key: 'a', value: 'on' }).catch(() => undefined);
    return { client, done };
  }

  it('keeps the new value after a success and leaves the refetch to the route', async () => {
    const { client, done } = runRoute('ok');
    await done;
    expect(client.getQueryData(['settings', 'list'])).toEqual([{ key: 'a', value: 'on' }]);
    expect(client.getQueryState(['settings', 'list'])?.isInvalidated).toBe(false);
  });

  it('puts the old value back after a refusal and reads the settings again', async () => {
    const { client, done } = runRoute('fail');
    await done;
    expect(client.getQueryData(['settings', 'list'])).toEqual([{ key: 'a', value: 'off' }]);
    expect(client.getQueryState(['settings', 'list'])?.isInvalidated).toBe(true);
  });
});
