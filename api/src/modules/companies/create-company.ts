import type { CompanyInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Company } from '../../db/entities/index.js';
import { provisionCompany } from './provision-company.js';
import { toCompanyView } from './company-view.js';

/** Creates a company (super admin) with its first admin from the given email and password. */
export async function createCompany(ctx: AppContext, input: CompanyInput) {
  const { company } = await ctx.ds.transaction((em) =>
    provisionCompany(em, { ...input, dueDate: input.dueDate?.slice(0, 10) }),
  );
  ctx.events.publish('company.created', { companyId: company.id });
  ctx.logger.info({ companyId: company.id }, 'company created');
  const full = await ctx.ds
    .getRepository<Company>('Company')
    .findOneOrFail({ where: { id: company.id }, relations: { plan: true } });
  return toCompanyView(full);
}
