/** @vitest-environment jsdom */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { apiUrl, http, HttpResponse, startTestApi } from '@/test/api';
import { testQueryClient } from '@/test/render';
import { settingKeys, useUpdateSetting } from './queries';

const server = startTestApi();

function setup() {
  const client = testQueryClient();
  client.setQueryData(settingKeys.list(), [
    { key: 'userRating', value: 'disabled' },
    { key: 'scheduleType', value: 'queue' },
  ]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, hook: renderHook(() => useUpdateSetting(), { wrapper }) };
}

/** The api answers the PUT only when `release` is called, so the test sees the wait. */
function slowPut(status: 200 | 400) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.put(apiUrl('/settings/:key'), async ({ params, request }) => {
      await gate;
      const { value } = (await request.json()) as { value: string };
      return status === 200
        ? HttpResponse.json({ key: params.key, value })
        : HttpResponse.json({ error: 'ERR_VALIDATION' }, { status });
    }),
    http.get(apiUrl('/settings'), () =>
      HttpResponse.json([
        { key: 'userRating', value: status === 200 ? 'enabled' : 'disabled' },
        { key: 'scheduleType', value: 'queue' },
      ]),
    ),
  );
  return () => release();
}

const rating = (data: unknown) =>
  (data as { key: string; value: string }[]).find((s) => s.key === 'userRating')?.value;

describe('useUpdateSetting', () => {
  it('shows the new value before the api answers', async () => {
    const release = slowPut(200);
    const { client, hook } = setup();
    act(() => hook.result.current.mutate({ key: 'userRating', value: 'enabled' }));
    await waitFor(() => expect(rating(client.getQueryData(settingKeys.list()))).toBe('enabled'));
    expect(hook.result.current.isPending).toBe(true);
    release();
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(rating(client.getQueryData(settingKeys.list()))).toBe('enabled');
  });

  it('puts the old value back when the api refuses', async () => {
    const release = slowPut(400);
    const { client, hook } = setup();
    act(() => hook.result.current.mutate({ key: 'userRating', value: 'enabled' }));
    await waitFor(() => expect(rating(client.getQueryData(settingKeys.list()))).toBe('enabled'));
    release();
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(rating(client.getQueryData(settingKeys.list()))).toBe('disabled');
  });
});
