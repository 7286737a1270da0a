import { AppError, type PlanInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { PlanEntity, type Plan } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';

/** The row of a plan form: amounts typed with a decimal comma are stored with a point. */
export function planRow(input: Partial<PlanInput>): Partial<Plan> {
  const { amount, ...rest } = input;
  return {
    ...rest,
    ...(amount !== undefined ? { amount: amount.replace(',', '.') } : {}),
  } as Partial<Plan>;
}

/** Plan names are unique whatever their case: refuses a name another plan already has. */
export async function assertPlanNameFree(
  ctx: AppContext,
  name: string,
  exceptId?: number,
): Promise<void> {
  const q = platformData(ctx.ds)
    .of(PlanEntity)
    .createQueryBuilder('p')
    .where('lower(p.name) = lower(:name)', { name });
  if (exceptId !== undefined) q.andWhere('p.id <> :exceptId', { exceptId });
  if ((await q.getCount()) > 0) {
    throw new AppError('ERR_DUPLICATED_PLAN', {
      fields: [{ field: 'name', message: 'A plan with this name exists' }],
    });
  }
}
