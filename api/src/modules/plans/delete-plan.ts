import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Company, Plan } from '../../db/entities/index.js';

/** Deletes a plan no company uses (super admin). */
export async function deletePlan(ctx: AppContext, o: { planId: number }) {
  const inUse = await ctx.ds
    .getRepository<Company>('Company')
    .count({ where: { planId: o.planId } });
  if (inUse > 0) throw new AppError('ERR_PLAN_IN_USE');
  const result = await ctx.ds.getRepository<Plan>('Plan').delete({ id: o.planId });
  if (!result.affected) throw new AppError('ERR_NO_PLAN_FOUND');
  return { message: 'Plan deleted' };
}
