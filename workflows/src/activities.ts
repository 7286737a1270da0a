import type { AppContext } from '@atendo/core';
import { createBillingActivities } from './billing/activities.js';
import { createCampaignActivities } from './campaigns/activities.js';
import { createTicketTimerActivities } from './ticket-timers/activities.js';
import { createQueueRotationActivities } from './queue-rotation/activities.js';
import { createMessageImportActivities } from './message-import/activities.js';
import { createTicketMigrationActivities } from './ticket-migration/activities.js';
import { createScheduleActivities } from './schedules/activities.js';
import { createCompanyStorageActivities } from './company-storage/activities.js';

/** Everything the activities of every process need: the business core's context. */
export interface ActivityDependencies {
  ctx: AppContext;
}

/**
 * Every activity the worker registers, built over its dependencies, one line per process.
 * Activity names are global: each process prefixes its own.
 */
export function createActivities(deps: ActivityDependencies) {
  return {
    ...createBillingActivities(deps.ctx),
    ...createCampaignActivities(deps),
    ...createScheduleActivities(deps),
    ...createTicketTimerActivities(deps),
    ...createQueueRotationActivities(deps),
    ...createMessageImportActivities(deps),
    ...createTicketMigrationActivities(deps),
    ...createCompanyStorageActivities(deps),
  };
}
