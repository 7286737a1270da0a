import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { TASK_QUEUE } from '../shared.js';
import type * as workflows from '../workflows.js';

/** Workflow and schedule id of the storage sweep (one per platform, so starts are idempotent). */
export const COMPANY_STORAGE_SWEEP_ID = 'company-storage-sweep';

/** How often the companies page's folder statistics are refreshed. */
export const COMPANY_STORAGE_INTERVAL = '1 hour';

/**
 * Creates the hourly company-storage schedule (running one sweep at once when it is new), or
 * brings an existing one up to date. Safe to call on every worker start.
 */
export async function ensureCompanyStorageSchedule(
  client: Client,
  interval: string = COMPANY_STORAGE_INTERVAL,
): Promise<'created' | 'updated'> {
  const workflowType: keyof typeof workflows = 'companyStorageSweep';
  const schedule = {
    scheduleId: COMPANY_STORAGE_SWEEP_ID,
    spec: { intervals: [{ every: interval }] },
    action: {
      type: 'startWorkflow' as const,
      workflowType,
      workflowId: COMPANY_STORAGE_SWEEP_ID,
      taskQueue: TASK_QUEUE,
      args: [],
    },
    // A sweep rewrites every row from the disk, so a missed one is simply caught by the next.
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' },
  };
  try {
    await client.schedule.create({ ...schedule, state: { triggerImmediately: true } });
    return 'created';
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(COMPANY_STORAGE_SWEEP_ID).update((previous) => ({
      ...previous,
      spec: schedule.spec,
      action: schedule.action,
      policies: schedule.policies,
    }));
    return 'updated';
  }
}
