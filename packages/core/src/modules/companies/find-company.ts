import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity, SettingEntity, type Company } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { toCompanyView } from './company-view.js';

/** Loads a company the caller may see: their own, or any for a super admin; else 404. */
export async function loadVisibleCompany(
  ctx: AppContext,
  o: { auth: Principal; companyId: number },
): Promise<Company> {
  if (!o.auth.super && o.auth.companyId !== o.companyId) throw new AppError('ERR_NO_COMPANY_FOUND');
  const company = await platformData(ctx.ds)
    .of(CompanyEntity)
    .findOne({ where: { id: o.companyId }, relations: { plan: true } });
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  // The settings are the company's rows: read in its own scope, whoever the caller is.
  company.settings = await tenantData(ctx.ds, company.id)
    .of(SettingEntity)
    .find({ order: { id: 'ASC' } });
  return company;
}

/** One company as the api returns it. */
export async function findCompany(ctx: AppContext, o: { auth: Principal; companyId: number }) {
  return toCompanyView(await loadVisibleCompany(ctx, o));
}
