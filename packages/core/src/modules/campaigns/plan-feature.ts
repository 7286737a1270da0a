import { AppError, PLAN_FLAGS, type PlanFlag } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { platformData } from '../../db/platform-data.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';

/**
 * Whether the plan of the company has a module's use* flag on. Read on every call, so a plan
 * change applies to the next request (or inbound message).
 */
export async function planHasFeature(
  ctx: AppContext,
  companyId: number,
  flag: PlanFlag,
): Promise<boolean> {
  // The flag names a column: only the catalogue's names reach the SQL.
  if (!PLAN_FLAGS.includes(flag)) throw new Error(`planHasFeature: unknown flag ${flag}`);
  const [row] = await platformData(ctx.ds).query<{ on: boolean }>(
    `SELECT p."${flag}" AS on FROM companies c JOIN plans p ON p.id = c."planId" WHERE c.id = $1`,
    [companyId],
  );
  return !!row?.on;
}

/** Refuses (403 ERR_PLAN_FEATURE_DISABLED) when the plan of the company lacks `flag`. */
export async function assertPlanFeature(
  ctx: AppContext,
  companyId: number,
  flag: PlanFlag,
): Promise<void> {
  if (!(await planHasFeature(ctx, companyId, flag)))
    throw new AppError('ERR_PLAN_FEATURE_DISABLED');
}

/** The caller's company data, once its plan is known to include the module's `flag`. */
export async function featureData(
  ctx: AppContext,
  auth: Principal,
  flag: PlanFlag,
): Promise<TenantData> {
  await assertPlanFeature(ctx, auth.companyId, flag);
  return tenantData(ctx.ds, auth.companyId);
}

/** The caller's company data, once its plan is known to include campaigns and contact lists. */
export function campaignData(ctx: AppContext, auth: Principal): Promise<TenantData> {
  return featureData(ctx, auth, 'useCampaigns');
}
