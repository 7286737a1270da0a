import { planView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { PlanEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';

/** Plans ordered by name: every plan, or only public ones (signup). */
export async function listPlans(ctx: AppContext, o: { publicOnly: boolean }) {
  const rows = await platformData(ctx.ds)
    .of(PlanEntity)
    .find({ where: o.publicOnly ? { isPublic: true } : {}, order: { amount: 'ASC', name: 'ASC' } });
  return rows.map((p) => planView.parse(p));
}
