import { planView, type PlanInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { PlanEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { assertPlanNameFree, planRow } from './plan-input.js';

/** Creates a plan (super admin); names are unique. */
export async function createPlan(ctx: AppContext, input: PlanInput) {
  const repo = platformData(ctx.ds).of(PlanEntity);
  await assertPlanNameFree(ctx, input.name);
  const plan = await repo.save(repo.create(planRow(input)));
  ctx.events.publish('plan.changed', { planId: plan.id, action: 'create' });
  return planView.parse(plan);
}
