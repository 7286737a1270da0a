import type { ScheduleView } from '@atendo/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applySocketEvent } from '@/lib/realtime/socket-cache';
import { scheduleKeys } from './queries';
import { scheduleSocketBinding } from './realtime';

const at = '2026-12-01T13:00:00.000Z';
const row = (id: number, overrides: Partial<ScheduleView> = {}) =>
  ({
    id,
    sendAt: at,
    status: 'PENDENTE',
    contact: { id: 1, name: 'Maria' },
    ...overrides,
  }) as ScheduleView;

function cached() {
  const client = new QueryClient();
  const key = scheduleKeys.range('', '2026-11-29T00:00:00.000Z', '2027-01-03T00:00:00.000Z');
  client.setQueryData(key, { schedules: [row(1), row(2)] });
  const context = { client, companyId: 2, userId: 7 };
  const apply = (payload: Record<string, unknown>) =>
    applySocketEvent(scheduleSocketBinding, payload, context);
  const list = () => client.getQueryData<{ schedules: ScheduleView[] }>(key)!.schedules;
  const stale = () => client.getQueryState(key)?.isInvalidated;
  return { apply, list, stale };
}

describe('company-{id}-schedule on the calendar', () => {
  it('shows a status change at once and removes a deleted schedule', () => {
    const cache = cached();
    cache.apply({ action: 'update', schedule: row(1, { status: 'ENVIADA' }) });
    expect(cache.list().map((s) => s.status)).toEqual(['ENVIADA', 'PENDENTE']);
    cache.apply({ action: 'delete', scheduleId: 2 });
    expect(cache.list().map((s) => s.id)).toEqual([1]);
    expect(cache.stale()).toBe(false);
  });

  it('refetches the windows for a new schedule or one moved to another time', () => {
    const created = cached();
    created.apply({ action: 'create', schedule: row(3) });
    expect(created.stale()).toBe(true);
    const moved = cached();
    moved.apply({ action: 'update', schedule: row(1, { sendAt: '2027-02-01T13:00:00.000Z' }) });
    expect(moved.stale()).toBe(true);
  });
});
