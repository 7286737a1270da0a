import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { requireSchedulesPlan } from './require-schedules-plan.js';
import { loadSchedule } from './schedule-view.js';

/** One schedule the caller sees. */
export async function showSchedule(ctx: AppContext, o: { auth: Principal; id: number }) {
  await requireSchedulesPlan(ctx, o.auth.companyId);
  return loadSchedule(tenantData(ctx.ds, o.auth.companyId), o.auth, o.id);
}
