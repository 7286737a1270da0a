import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity, PlanEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';

/** Deletes a plan no company uses (super admin). */
export async function deletePlan(ctx: AppContext, o: { planId: number }) {
  const db = platformData(ctx.ds);
  const inUse = await db.of(CompanyEntity).count({ where: { planId: o.planId } });
  if (inUse > 0) throw new AppError('ERR_PLAN_IN_USE');
  const result = await db.of(PlanEntity).delete({ id: o.planId });
  if (!result.affected) throw new AppError('ERR_NO_PLAN_FOUND');
  ctx.events.publish('plan.changed', { planId: o.planId, action: 'delete' });
  return { message: 'Plan deleted' };
}
