import {
  AppError,
  type CompanyInput,
  isTimeZone,
  PLATFORM_COMPANY_ID,
  PLATFORM_DUE_DATE,
  MSG_UNKNOWN_TIME_ZONE,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity, PlanEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { toCompanyView } from './company-view.js';

/** Updates a company (super admin). The platform company (id 1) can never be deactivated. */
export async function updateCompany(
  ctx: AppContext,
  o: { companyId: number; input: Partial<CompanyInput> },
) {
  const db = platformData(ctx.ds);
  const repo = db.of(CompanyEntity);
  const company = await repo.findOne({ where: { id: o.companyId } });
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  const { password: _password, email, dueDate, ...rest } = o.input;
  const clash = rest.name
    ? await repo
        .createQueryBuilder('c')
        .where('lower(c.name) = lower(:name)', { name: rest.name })
        .andWhere('c.id <> :id', { id: company.id })
        .getCount()
    : 0;
  if (clash > 0) {
    throw new AppError('ERR_DUPLICATED_COMPANY', {
      fields: [{ field: 'name', message: 'A company with this name exists' }],
    });
  }
  if (rest.planId && !(await db.of(PlanEntity).exist({ where: { id: rest.planId } }))) {
    throw new AppError('ERR_NO_PLAN_FOUND', {
      fields: [{ field: 'planId', message: 'Plan not found' }],
    });
  }
  // The platform company never expires: it stays active and due on PLATFORM_DUE_DATE (a form
  // sending that date back unchanged is fine).
  if (
    company.id === PLATFORM_COMPANY_ID &&
    (rest.status === false ||
      (dueDate !== undefined && dueDate?.slice(0, 10) !== PLATFORM_DUE_DATE))
  )
    throw new AppError('ERR_NO_PERMISSION');
  if (rest.timezone && !isTimeZone(rest.timezone)) {
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'timezone', message: MSG_UNKNOWN_TIME_ZONE }],
    });
  }
  await repo.update(
    { id: company.id },
    {
      ...rest,
      ...(email !== undefined ? { email } : {}),
      ...(dueDate !== undefined ? { dueDate: dueDate ? dueDate.slice(0, 10) : null } : {}),
    },
  );
  ctx.events.publish('company.updated', { companyId: company.id });
  return toCompanyView(
    await repo.findOneOrFail({ where: { id: company.id }, relations: { plan: true } }),
  );
}

// Kept for callers that import it from here; the rule lives in the domain package.
export { isTimeZone } from '@atendo/domain';
