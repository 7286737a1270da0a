import type { CompanyInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { crossTenantData, platformData } from '../../db/platform-data.js';
import { provisionCompany } from './provision-company.js';
import { toCompanyView } from './company-view.js';

/** Creates a company (super admin) with its first admin from the given email and password. */
export async function createCompany(ctx: AppContext, input: CompanyInput) {
  const { company } = await crossTenantData(ctx.ds, 'super-admin').transaction((tx) =>
    provisionCompany(tx.em, { ...input, dueDate: input.dueDate?.slice(0, 10) }),
  );
  ctx.events.publish('company.created', { companyId: company.id });
  ctx.logger.info({ companyId: company.id }, 'company created');
  const full = await platformData(ctx.ds)
    .of(CompanyEntity)
    .findOneOrFail({ where: { id: company.id }, relations: { plan: true } });
  return toCompanyView(full);
}
