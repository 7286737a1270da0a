import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { listSettings } from './list-settings.js';

/**
 * The settings of a company the caller may see (own, or any for super), as one object keyed by
 * setting: the shape this product family's consoles and integrations read.
 */
export async function listCompanySettings(
  ctx: AppContext,
  o: { auth: Principal; companyId: number },
) {
  if (!o.auth.super && o.auth.companyId !== o.companyId) throw new AppError('ERR_NO_COMPANY_FOUND');
  const rows = await listSettings(ctx, { companyId: o.companyId });
  return { companyId: o.companyId, ...Object.fromEntries(rows.map((s) => [s.key, s.value])) };
}
