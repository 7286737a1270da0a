import { calendarDay, isSubscriptionOverdue } from '@atendo/domain';
import type { Company } from '../../db/entities/index.js';

/** Days past the due date after which a company is overdue (docs/product/companies-plans-billing.md#billing-sweep). */
export { OVERDUE_GRACE_DAYS } from '@atendo/domain';

/** True when the company's due date is 3 or more days past `today` ('YYYY-MM-DD'): the domain rule. */
export function isOverdue(dueDate: string | null, today: string): boolean {
  return isSubscriptionOverdue(dueDate, today);
}

/** The effective state the operator mirrors into a Company resource's status. */
export function internalCompanyState(c: Company, today = calendarDay(new Date(), c.timezone)) {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    dueDate: c.dueDate,
    plan: c.plan?.name ?? null,
    overdue: isOverdue(c.dueDate, today),
  };
}
