import { AppError, planView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Plan } from '../../db/entities/index.js';

/** One plan by id. */
export async function findPlan(ctx: AppContext, o: { planId: number }) {
  const plan = await ctx.ds.getRepository<Plan>('Plan').findOne({ where: { id: o.planId } });
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  return planView.parse(plan);
}
