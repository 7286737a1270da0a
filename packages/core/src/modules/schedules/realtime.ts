import type { AppContext } from '../../context.js';
import { rooms } from '@atendo/domain';
import type { Pushes } from '../../events/pushes.js';

/**
 * `company-{id}-schedule` to those who see the schedule: its author and the admins (a
 * profile user sees only their own schedules).
 */
export function registerScheduleListeners({ events }: AppContext, realtime: Pushes): void {
  const to = (userId: number | null) =>
    userId ? [rooms.user(userId), rooms.admins] : [rooms.admins];
  events.on('schedule.created', ({ companyId, schedule }) =>
    realtime.emit(companyId, 'schedule', to(schedule.userId), { action: 'create', schedule }),
  );
  events.on('schedule.updated', ({ companyId, schedule }) =>
    realtime.emit(companyId, 'schedule', to(schedule.userId), { action: 'update', schedule }),
  );
  events.on('schedule.deleted', ({ companyId, id, userId }) =>
    realtime.emit(companyId, 'schedule', to(userId), { action: 'delete', scheduleId: id }),
  );
}
