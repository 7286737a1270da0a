import { log } from '@temporalio/activity';
import {
  deactivateOverdueCompanies,
  issueDueInvoices,
  type BillingClock,
  type BillingContext,
} from '@atendo/core';
import { isCalendarDay } from '@atendo/domain/subscription';

/** What the billing activities need: the business core's data source and event bus. */
export type BillingDependencies = BillingContext;

/** Input of a billing activity: the run's instant (workflow time), and an optional fixed day. */
export interface BillingRun {
  /** ISO instant; each company's "today" is its calendar day in its own time zone. */
  at: string;
  /** YYYY-MM-DD: every company's "today" instead (backfills, tests). */
  today?: string;
}

function clockOf(run: BillingRun): BillingClock {
  const at = new Date(run.at);
  if (Number.isNaN(at.getTime())) throw new TypeError(`at must be an ISO instant, got ${run.at}`);
  if (run.today !== undefined && !isCalendarDay(run.today))
    throw new TypeError(`today must be a YYYY-MM-DD date, got ${JSON.stringify(run.today)}`);
  return { at, today: run.today };
}

/** The billing activities (docs/product/companies-plans-billing.md#billing-sweep): each one use case of the business core. */
export function createBillingActivities(deps: BillingDependencies) {
  return {
    /** Issues the due invoices; returns the new ids. */
    async ensureOpenInvoices(run: BillingRun): Promise<number[]> {
      const ids = await issueDueInvoices(deps, clockOf(run));
      if (ids.length) log.info('Issued invoices', { invoiceIds: ids, ...run });
      return ids;
    },

    /** Switches off the overdue companies (their sessions stop through the outbox). */
    async deactivateOverdue(run: BillingRun): Promise<number[]> {
      const ids = await deactivateOverdueCompanies(deps, clockOf(run));
      for (const companyId of ids) log.info('Deactivated overdue company', { companyId, ...run });
      return ids;
    },
  };
}

/** The billing activities' interface, as workflows see it. */
export type BillingActivities = ReturnType<typeof createBillingActivities>;
