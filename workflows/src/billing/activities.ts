import { log } from '@temporalio/activity';
import type { DataSource } from 'typeorm';
import { PLATFORM_COMPANY_ID } from '../shared.js';
import { isIsoDate } from './dates.js';

/** What the billing activities need; the worker passes the real ones, tests their own. */
export interface BillingDependencies {
  dataSource: DataSource;
  /** Invoices are issued this many days before their due date (and any time after it). */
  leadDays?: number;
  /** A company goes inactive once its due date is this many days past. */
  graceDays?: number;
}

function assertDate(today: string): void {
  if (!isIsoDate(today))
    throw new TypeError(`today must be a YYYY-MM-DD date, got ${JSON.stringify(today)}`);
}

/** The billing activities over a database (BEHAVIOUR §K). */
export function createBillingActivities({
  dataSource,
  leadDays = 20,
  graceDays = 3,
}: BillingDependencies) {
  return {
    /**
     * Issues one open invoice at the plan's value for every company whose due date is at most
     * `leadDays` ahead of `today` and has no invoice yet for that due date. Returns the new ids.
     */
    async ensureOpenInvoices(today: string): Promise<number[]> {
      assertDate(today);
      // The (companyId, dueDate) unique key makes concurrent or repeated sweeps insert once.
      const rows: { id: number | string; companyId: number | string }[] = await dataSource.query(
        `INSERT INTO invoices ("companyId", detail, value, users, connections, "dueDate", status, "createdAt", "updatedAt")
         SELECT c.id, p.name, p.amount, p.users, p.connections, c."dueDate", 'open', now(), now()
           FROM companies c
           JOIN plans p ON p.id = c."planId"
          WHERE c.id <> $1
            AND c."dueDate" IS NOT NULL
            AND c."dueDate" <= $2::date + $3::int
            AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i."companyId" = c.id AND i."dueDate" = c."dueDate")
         ON CONFLICT ("companyId", "dueDate") DO NOTHING
         RETURNING id, "companyId"`,
        [PLATFORM_COMPANY_ID, today, leadDays],
      );
      for (const row of rows) {
        log.info('Created invoice', {
          invoiceId: Number(row.id),
          companyId: Number(row.companyId),
          today,
        });
      }
      return rows.map((row) => Number(row.id));
    },

    /**
     * Deactivates every active company whose due date is `graceDays` or more days before `today`.
     * Returns their ids, so their sessions can be stopped.
     */
    async deactivateOverdue(today: string): Promise<number[]> {
      assertDate(today);
      const [rows]: [{ id: number | string }[], number] = await dataSource.query(
        `UPDATE companies SET status = false, "updatedAt" = now()
          WHERE id <> $1
            AND status = true
            AND "dueDate" IS NOT NULL
            AND "dueDate" <= $2::date - $3::int
          RETURNING id`,
        [PLATFORM_COMPANY_ID, today, graceDays],
      );
      const ids = rows.map((row) => Number(row.id));
      for (const companyId of ids) log.info('Deactivated overdue company', { companyId, today });
      return ids;
    },
  };
}

/** The billing activities' interface, as workflows see it. */
export type BillingActivities = ReturnType<typeof createBillingActivities>;
