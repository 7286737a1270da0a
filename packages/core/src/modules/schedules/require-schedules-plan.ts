import type { AppContext } from '../../context.js';
import { assertPlanFeature } from '../campaigns/plan-feature.js';

/**
 * Schedules are a plan feature (docs/product/overview.md#module-routes-and-gating, useSchedules): a company whose plan lacks it gets
 * 403 ERR_PLAN_FEATURE_DISABLED on every schedule route (the console's "no permission"
 * redirect), through the plan check the campaign area uses.
 */
export function requireSchedulesPlan(ctx: AppContext, companyId: number): Promise<void> {
  return assertPlanFeature(ctx, companyId, 'useSchedules');
}
