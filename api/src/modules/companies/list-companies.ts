import type { AppContext } from '../../context.js';
import type { Company } from '../../db/entities/index.js';
import { toCompanyView } from './company-view.js';

/** Every company with its plan (super admin). */
export async function listCompanies(ctx: AppContext) {
  const rows = await ctx.ds
    .getRepository<Company>('Company')
    .find({ relations: { plan: true }, order: { id: 'ASC' } });
  return rows.map(toCompanyView);
}
