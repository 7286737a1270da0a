import type { Company } from '../../db/entities/index.js';

/** Days past the due date after which a company is overdue (BEHAVIOUR §K). */
export const OVERDUE_GRACE_DAYS = 3;

/** True when the company's due date is 3 or more days past `today` ('YYYY-MM-DD'). */
export function isOverdue(dueDate: string | null, today: string): boolean {
  if (!dueDate) return false;
  const limit = new Date(`${dueDate}T00:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() + OVERDUE_GRACE_DAYS);
  return limit.toISOString().slice(0, 10) <= today;
}

/** The effective state the operator mirrors into a Company resource's status. */
export function internalCompanyState(c: Company, today = new Date().toISOString().slice(0, 10)) {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    dueDate: c.dueDate,
    plan: c.plan?.name ?? null,
    overdue: isOverdue(c.dueDate, today),
  };
}
