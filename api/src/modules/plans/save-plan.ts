import { AppError, planView, type PlanInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Plan } from '../../db/entities/index.js';

function normalise(input: Partial<PlanInput>): Partial<Plan> {
  const { amount, ...rest } = input;
  return {
    ...rest,
    ...(amount !== undefined ? { amount: amount.replace(',', '.') } : {}),
  } as Partial<Plan>;
}

/** True when another plan already has this name, whatever its case. */
async function nameTaken(ctx: AppContext, name: string, exceptId?: number): Promise<boolean> {
  const q = ctx.ds
    .getRepository<Plan>('Plan')
    .createQueryBuilder('p')
    .where('lower(p.name) = lower(:name)', { name });
  if (exceptId !== undefined) q.andWhere('p.id <> :exceptId', { exceptId });
  return (await q.getCount()) > 0;
}

/** Creates a plan (super admin); names are unique. */
export async function createPlan(ctx: AppContext, input: PlanInput) {
  const repo = ctx.ds.getRepository<Plan>('Plan');
  if (await nameTaken(ctx, input.name)) {
    throw new AppError('ERR_DUPLICATED_PLAN', {
      fields: [{ field: 'name', message: 'A plan with this name exists' }],
    });
  }
  const plan = await repo.save(repo.create(normalise(input)));
  return planView.parse(plan);
}

/** Updates a plan (super admin). */
export async function updatePlan(
  ctx: AppContext,
  o: { planId: number; input: Partial<PlanInput> },
) {
  const repo = ctx.ds.getRepository<Plan>('Plan');
  if (!(await repo.exist({ where: { id: o.planId } }))) throw new AppError('ERR_NO_PLAN_FOUND');
  if (o.input.name && (await nameTaken(ctx, o.input.name, o.planId))) {
    throw new AppError('ERR_DUPLICATED_PLAN', {
      fields: [{ field: 'name', message: 'A plan with this name exists' }],
    });
  }
  await repo.update({ id: o.planId }, normalise(o.input));
  return planView.parse(await repo.findOneOrFail({ where: { id: o.planId } }));
}
