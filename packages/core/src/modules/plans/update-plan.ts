import { AppError, planView, type PlanInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { PlanEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { assertPlanNameFree, planRow } from './plan-input.js';

/** Updates a plan (super admin); names stay unique. */
export async function updatePlan(
  ctx: AppContext,
  o: { planId: number; input: Partial<PlanInput> },
) {
  const repo = platformData(ctx.ds).of(PlanEntity);
  if (!(await repo.exist({ where: { id: o.planId } }))) throw new AppError('ERR_NO_PLAN_FOUND');
  if (o.input.name) await assertPlanNameFree(ctx, o.input.name, o.planId);
  await repo.update({ id: o.planId }, planRow(o.input));
  ctx.events.publish('plan.changed', { planId: o.planId, action: 'update' });
  return planView.parse(await repo.findOneOrFail({ where: { id: o.planId } }));
}
