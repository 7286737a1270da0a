import type { ScheduleView } from '@atendo/domain';
import type { QueryClient } from '@tanstack/react-query';
import { socketBinding } from '@/lib/realtime/socket-cache';
import { scheduleKeys } from './queries';

type Window = { schedules: ScheduleView[] };

/** Applies `change` to every cached calendar window. */
function patchWindows(client: QueryClient, change: (list: ScheduleView[]) => ScheduleView[]) {
  client.setQueriesData<Window>({ queryKey: scheduleKeys.ranges() }, (data) =>
    data ? { ...data, schedules: change(data.schedules) } : data,
  );
}

const loaded = (client: QueryClient, id: number) =>
  client
    .getQueriesData<Window>({ queryKey: scheduleKeys.ranges() })
    .some(([, data]) => data?.schedules.some((s) => s.id === id));

/**
 * `company-{id}-schedule`: `{action: create|update, schedule}` or `{action: delete, scheduleId}`.
 * An update of a schedule on screen whose send time did not move is merged in place (a status
 * turning ENVIADA or ERRO shows at once); a delete removes it; anything else (a new schedule,
 * one moved to another day) lands in windows only the server can rebuild, so they are refetched.
 */
export const scheduleSocketBinding = socketBinding<ScheduleView>({
  entity: 'schedule',
  recordField: 'schedule',
  idField: 'scheduleId',
  detail: (id) => scheduleKeys.detail(Number(id)),
  onEvent: ({ action, record, id }, { client }) => {
    const sameTime = (s: ScheduleView) => !record || s.sendAt === record.sendAt;
    const inPlace =
      action === 'update' &&
      record &&
      loaded(client, record.id) &&
      client
        .getQueriesData<Window>({ queryKey: scheduleKeys.ranges() })
        .every(([, data]) => data?.schedules.every((s) => s.id !== record.id || sameTime(s)));
    if (inPlace && record)
      patchWindows(client, (list) =>
        list.map((s) => (s.id === record.id ? { ...s, ...record } : s)),
      );
    else if (action === 'delete' && id !== undefined)
      patchWindows(client, (list) => list.filter((s) => s.id !== Number(id)));
    else void client.invalidateQueries({ queryKey: scheduleKeys.ranges() });
  },
});
