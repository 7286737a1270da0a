import { planView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Plan } from '../../db/entities/index.js';

/** Plans ordered by name: every plan, or only public ones (signup). */
export async function listPlans(ctx: AppContext, o: { publicOnly: boolean }) {
  const rows = await ctx.ds
    .getRepository<Plan>('Plan')
    .find({ where: o.publicOnly ? { isPublic: true } : {}, order: { amount: 'ASC', name: 'ASC' } });
  return rows.map((p) => planView.parse(p));
}
