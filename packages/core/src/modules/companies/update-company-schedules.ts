import { AppError, type ScheduleEntry } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import type { Principal } from '../../access/principal.js';
import { toCompanyView } from './company-view.js';

/** Sets the company's working hours (its own admins, or a super admin). */
export async function updateCompanySchedules(
  ctx: AppContext,
  o: { auth: Principal; companyId: number; schedules: ScheduleEntry[] },
) {
  if (!o.auth.super && o.auth.companyId !== o.companyId) throw new AppError('ERR_NO_COMPANY_FOUND');
  const repo = platformData(ctx.ds).of(CompanyEntity);
  const result = await repo.update({ id: o.companyId }, { schedules: o.schedules });
  if (!result.affected) throw new AppError('ERR_NO_COMPANY_FOUND');
  ctx.events.publish('company.updated', { companyId: o.companyId });
  return toCompanyView(
    await repo.findOneOrFail({ where: { id: o.companyId }, relations: { plan: true } }),
  );
}
