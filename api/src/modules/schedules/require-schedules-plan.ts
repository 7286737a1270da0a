import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { platformData } from '../../db/platform-data.js';

/**
 * Schedules are a plan feature (spec 3 §6, useSchedules): a company whose plan lacks it gets
 * ERR_NO_PERMISSION on every schedule route (the console's "no permission" redirect). A
 * company with no plan keeps the feature, as the drawer shows it.
 */
export async function requireSchedulesPlan(ctx: AppContext, companyId: number): Promise<void> {
  const [row] = await platformData(ctx.ds).query<{ useSchedules: boolean | null }>(
    `SELECT p."useSchedules" FROM companies c LEFT JOIN plans p ON p.id = c."planId"
      WHERE c.id = $1`,
    [companyId],
  );
  if (row && row.useSchedules === false) throw new AppError('ERR_NO_PERMISSION');
}
