import {
  addCalendarDays,
  isSubscriptionOverdue,
  OVERDUE_GRACE_DAYS,
  PLATFORM_COMPANY_ID,
} from '@atendo/domain';
import { LessThanOrEqual, Not } from 'typeorm';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { asPlatform } from '../../db/tenant-scope.js';
import { enqueueOutbox } from '../../events/outbox.js';
import type { BillingContext } from './billing-context.js';
import { billingDay, latestBillingDay, type BillingClock } from './billing-clock.js';

/**
 * Switches off every active company OVERDUE_GRACE_DAYS or more past its due date in its own
 * time zone (the domain rule; docs/product/companies-plans-billing.md#billing-sweep). Each switch-off commits with its outbox row, so
 * the company's sessions stop even if this process dies right after (events/outbox.ts). The
 * platform company is never switched off. Returns the ids switched off now.
 */
export async function deactivateOverdueCompanies(
  ctx: BillingContext,
  clock: BillingClock,
): Promise<number[]> {
  return asPlatform('billing', async () => {
    const db = platformData(ctx.ds);
    const candidates = await db.of(CompanyEntity).find({
      where: {
        id: Not(PLATFORM_COMPANY_ID),
        status: true,
        dueDate: LessThanOrEqual(addCalendarDays(latestBillingDay(clock), -OVERDUE_GRACE_DAYS)),
      },
      select: { id: true, dueDate: true, timezone: true },
      order: { id: 'ASC' },
    });
    const deactivated: number[] = [];
    for (const company of candidates) {
      if (!company.dueDate) continue;
      if (!isSubscriptionOverdue(company.dueDate, billingDay(clock, company.timezone))) continue;
      const switched = await db.transaction(async (tx) => {
        // `status: true` in the where: of concurrent runs, one switches the company off.
        const result = await tx
          .of(CompanyEntity)
          .update({ id: company.id, status: true }, { status: false });
        if (!result.affected) return false;
        await enqueueOutbox(tx.em, 'company.deactivated', { companyId: company.id });
        return true;
      });
      if (!switched) continue;
      deactivated.push(company.id);
      ctx.events.publish('company.updated', { companyId: company.id });
    }
    return deactivated;
  });
}
