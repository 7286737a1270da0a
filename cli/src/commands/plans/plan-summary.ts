import type { PlanView } from '@atendo/domain';
import { formatLimit, formatMoney, formatPlanFlags, yesNo } from '../../format.js';

/** A plan in a few lines, for the success box of create and update. */
export function planSummary(plan: PlanView): string[] {
  return [
    `Limits: ${formatLimit(plan.users)} users, ${formatLimit(plan.connections)} connections, ${formatLimit(plan.queues)} queues`,
    `Amount: ${formatMoney(plan.amount)}`,
    `Public: ${yesNo(plan.isPublic)}`,
    `Features: ${formatPlanFlags(plan)}`,
  ];
}
