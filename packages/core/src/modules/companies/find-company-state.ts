import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { internalCompanyState } from './company-state.js';

/** The effective state of one tenant, as the operator reads it. */
export async function findCompanyState(ctx: AppContext, o: { companyId: number }) {
  const company = await platformData(ctx.ds)
    .of(CompanyEntity)
    .findOne({ where: { id: o.companyId }, relations: { plan: true } });
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  return internalCompanyState(company);
}
