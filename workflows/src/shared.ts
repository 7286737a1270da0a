// Names shared by the worker, the workflows and whoever starts them (api, tests): task queues,
// workflow ids, signals and queries. Workflow code imports this file, so it stays free of Node APIs.

import { PROCESS_TASK_QUEUE } from '@atendo/domain/processes';

/** The task queue every Atendo workflow and activity runs on (the api's gateway starts them there). */
export const TASK_QUEUE = PROCESS_TASK_QUEUE;

/** Workflow and schedule id of the daily billing sweep (one per platform, so starts are idempotent). */
export const BILLING_SWEEP_ID = 'billing-sweep';

/** Time zone whose calendar decides what "today" is for billing unless configured otherwise. */
export const DEFAULT_BILLING_TIME_ZONE = 'America/Sao_Paulo';

/** Input of {@link billingSweep}; `today` (YYYY-MM-DD) overrides the workflow clock for backfills. */
export interface BillingSweepInput {
  timeZone?: string;
  today?: string;
}

/** What one billing sweep did. */
export interface BillingSweepResult {
  today: string;
  createdInvoiceIds: number[];
  deactivatedCompanyIds: number[];
}
