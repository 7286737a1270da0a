import { eventBinding } from '@/lib/realtime/socket-cache';
import { scheduleKeys } from './queries';

/**
 * `company-{id}-schedule`: `{action: create|update, schedule}` or `{action: delete, scheduleId}`.
 * An update of a schedule on screen whose send time did not move is merged in place (a status
 * turning ENVIADA or ERRO shows at once); a delete removes it; anything else (a new schedule,
 * one moved to another day) lands in windows only the server can rebuild, so they are refetched.
 */
export const scheduleSocketBinding = eventBinding({
  entity: 'schedule',
  recordField: 'schedule',
  idField: 'scheduleId',
  detail: (id) => scheduleKeys.detail(Number(id)),
  pages: [
    {
      queryKey: scheduleKeys.ranges(),
      field: 'schedules',
      inPlace: (loaded, record) =>
        loaded.length > 0 && loaded.every((s) => s.sendAt === record.sendAt),
    },
  ],
});
