import {
  addCalendarDays,
  INVOICE_LEAD_DAYS,
  isInvoiceDue,
  PLATFORM_COMPANY_ID,
} from '@atendo/domain';
import { IsNull, LessThanOrEqual, Not } from 'typeorm';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';
import { asPlatform } from '../../db/tenant-scope.js';
import type { BillingContext } from './billing-context.js';
import { billingDay, latestBillingDay, type BillingClock } from './billing-clock.js';

interface IssuedRow {
  id: number;
  dueDate: string;
  value: string;
  status: string;
}

/**
 * Issues the open invoice of every company whose due date is at most INVOICE_LEAD_DAYS ahead
 * of its today (or already past), at its plan's value (docs/product/companies-plans-billing.md#billing-sweep). One invoice per company
 * and due date: the unique key makes repeated and concurrent runs insert it once. The
 * platform company is never billed. Returns the ids of the invoices issued now.
 */
export async function issueDueInvoices(
  ctx: BillingContext,
  clock: BillingClock,
): Promise<number[]> {
  const companies = await asPlatform('billing', () =>
    platformData(ctx.ds)
      .of(CompanyEntity)
      .find({
        where: {
          id: Not(PLATFORM_COMPANY_ID),
          planId: Not(IsNull()),
          dueDate: LessThanOrEqual(addCalendarDays(latestBillingDay(clock), INVOICE_LEAD_DAYS)),
        },
        relations: { plan: true },
        order: { id: 'ASC' },
      }),
  );
  const issued: number[] = [];
  for (const company of companies) {
    const plan = company.plan;
    if (!plan || !isInvoiceDue(company.dueDate, billingDay(clock, company.timezone))) continue;
    // A raw insert: ON CONFLICT DO NOTHING is the idempotence, which the ORM cannot express
    // without a failed statement. It runs in the company's scope, so row-level security checks it.
    const [row] = await tenantData(ctx.ds, company.id).query<IssuedRow>(
      `INSERT INTO invoices ("companyId", detail, value, users, connections, "dueDate", status)
       VALUES ($1, $2, $3, $4, $5, $6, 'open')
       ON CONFLICT ("companyId", "dueDate") DO NOTHING
       RETURNING id, "dueDate"::text AS "dueDate", value::text AS value, status`,
      [company.id, plan.name, plan.amount, plan.users, plan.connections, company.dueDate],
    );
    if (!row) continue;
    issued.push(row.id);
    ctx.events.publish('invoice.created', { companyId: company.id, invoice: row });
  }
  return issued;
}
