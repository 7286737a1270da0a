import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Company } from '../../db/entities/index.js';
import type { Principal } from '../auth/tokens.js';
import { toCompanyView } from './company-view.js';

/** Loads a company the caller may see: their own, or any for a super admin; else 404. */
export async function loadVisibleCompany(
  ctx: AppContext,
  o: { auth: Principal; companyId: number },
): Promise<Company> {
  if (!o.auth.super && o.auth.companyId !== o.companyId) throw new AppError('ERR_NO_COMPANY_FOUND');
  const company = await ctx.ds
    .getRepository<Company>('Company')
    .findOne({ where: { id: o.companyId }, relations: { plan: true, settings: true } });
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  return company;
}

/** One company as the api returns it. */
export async function findCompany(ctx: AppContext, o: { auth: Principal; companyId: number }) {
  return toCompanyView(await loadVisibleCompany(ctx, o));
}
