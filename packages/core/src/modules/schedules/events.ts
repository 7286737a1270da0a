import type { ScheduleView } from '@atendo/domain';

/** The domain events the schedules module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface SchedulesEvents {
  'schedule.created': { companyId: number; schedule: ScheduleView };
  'schedule.updated': { companyId: number; schedule: ScheduleView };
  'schedule.deleted': { companyId: number; id: number; userId: number | null };
}
