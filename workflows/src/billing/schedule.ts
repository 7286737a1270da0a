import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { BILLING_SWEEP_ID, TASK_QUEUE, type BillingSweepInput } from '../shared.js';
import type * as workflows from '../workflows.js';

/** When and how the daily billing sweep runs. */
export interface BillingScheduleOptions {
  timeZone: string;
  hour: number;
}

/**
 * Creates the daily billing-sweep schedule (running one sweep at once when it is new), or brings
 * an existing one up to date with `options`. Safe to call on every worker start.
 */
export async function ensureBillingSchedule(
  client: Client,
  options: BillingScheduleOptions,
): Promise<'created' | 'updated'> {
  const args: Parameters<typeof workflows.billingSweep> = [
    { timeZone: options.timeZone } satisfies BillingSweepInput,
  ];
  const workflowType: keyof typeof workflows = 'billingSweep';
  const schedule = {
    scheduleId: BILLING_SWEEP_ID,
    spec: { calendars: [{ hour: options.hour, minute: 0 }], timezone: options.timeZone },
    action: {
      type: 'startWorkflow' as const,
      workflowType,
      workflowId: BILLING_SWEEP_ID,
      taskQueue: TASK_QUEUE,
      args,
    },
    // A sweep is idempotent and the next one catches up, so never run two at once. A run
    // missed while Temporal was down runs once when it is back within the catch-up window;
    // after a longer outage the next daily run bills what is due
    // (docs/operations.md#durable-processes).
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
  };
  try {
    await client.schedule.create({ ...schedule, state: { triggerImmediately: true } });
    return 'created';
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(BILLING_SWEEP_ID).update((previous) => ({
      ...previous,
      spec: schedule.spec,
      action: schedule.action,
      policies: schedule.policies,
    }));
    return 'updated';
  }
}
