import { log, proxyActivities } from '@temporalio/workflow';
// Only the type crosses into workflow code; the worker registers the implementation.
import type { BillingActivities } from './activities.js';
import {
  DEFAULT_BILLING_TIME_ZONE,
  type BillingSweepInput,
  type BillingSweepResult,
} from '../shared.js';
import { calendarDay } from '@atendo/domain/subscription';

const { ensureOpenInvoices, deactivateOverdue } = proxyActivities<BillingActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', maximumAttempts: 10 },
});

/**
 * The daily billing sweep (docs/product/companies-plans-billing.md#billing-sweep): issue one open invoice per due date at the plan's
 * value, then deactivate companies 3 or more days past due (the rules live in the business
 * core's use cases). The instant comes from workflow time, so replays see the same date.
 */
export async function billingSweep(input: BillingSweepInput = {}): Promise<BillingSweepResult> {
  const now = new Date();
  const today = input.today ?? calendarDay(now, input.timeZone ?? DEFAULT_BILLING_TIME_ZONE);
  // Each company's own "today" is its calendar day of this instant, in its time zone; a fixed
  // `today` in the input applies to every company instead.
  const run = { at: now.toISOString(), ...(input.today ? { today: input.today } : {}) };
  const createdInvoiceIds = await ensureOpenInvoices(run);
  const deactivatedCompanyIds = await deactivateOverdue(run);
  log.info('Billing sweep finished', {
    today,
    createdInvoices: createdInvoiceIds.length,
    deactivatedCompanies: deactivatedCompanyIds.length,
  });
  return { today, createdInvoiceIds, deactivatedCompanyIds };
}
