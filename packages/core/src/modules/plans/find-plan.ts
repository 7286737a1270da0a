import { AppError, planView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { PlanEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';

/** One plan by id. */
export async function findPlan(ctx: AppContext, o: { planId: number }) {
  const plan = await platformData(ctx.ds)
    .of(PlanEntity)
    .findOne({ where: { id: o.planId } });
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  return planView.parse(plan);
}
