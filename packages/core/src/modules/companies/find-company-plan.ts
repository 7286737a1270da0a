import { AppError, planView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { loadVisibleCompany } from './find-company.js';

/** The plan (with its use* flags) of a company the caller may see. */
export async function findCompanyPlan(ctx: AppContext, o: { auth: Principal; companyId: number }) {
  const company = await loadVisibleCompany(ctx, o);
  if (!company.plan) throw new AppError('ERR_NO_PLAN_FOUND');
  return { plan: planView.parse(company.plan) };
}
