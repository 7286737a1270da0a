import { randomBytes } from 'node:crypto';
import {
  AppError,
  calendarDay,
  PLATFORM_COMPANY_ID,
  type CompanyResourceSpec,
  MSG_UNKNOWN_TIME_ZONE,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity, PlanEntity } from '../../db/entities/index.js';
import { crossTenantData, platformData } from '../../db/platform-data.js';
import { provisionCompany } from './provision-company.js';
import { isTimeZone } from './update-company.js';
import { internalCompanyState, isOverdue } from './company-state.js';

/**
 * Provisions or updates the tenant behind a Company resource (idempotent, keyed by the
 * resource name). The first admin is created once, with a random password the SRE resets.
 * `active: false` suspends; `active: true` never revives a company whose subscription is
 * overdue — billing owns that, unless the resource also sets the due date.
 */
export async function upsertCompanyResource(
  ctx: AppContext,
  o: { resourceName: string; spec: CompanyResourceSpec },
) {
  const { spec } = o;
  if (spec.timezone && !isTimeZone(spec.timezone)) {
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'timezone', message: MSG_UNKNOWN_TIME_ZONE }],
    });
  }
  const now = new Date();
  // The operator acts on any company, and may provision a new one.
  const id = await crossTenantData(ctx.ds, 'internal-service').transaction(async (tx) => {
    const plans = tx.platform.of(PlanEntity);
    const plan = spec.plan
      ? await plans.findOne({ where: { name: spec.plan } })
      : await plans.findOne({ where: { isPublic: true }, order: { amount: 'ASC' } });
    if (!plan)
      throw new AppError('ERR_NO_PLAN_FOUND', {
        fields: [{ field: 'plan', message: 'Plan not found' }],
      });
    const companies = tx.platform.of(CompanyEntity);
    let company = await companies.findOne({
      where: { resourceName: o.resourceName },
      lock: { mode: 'pessimistic_write' },
    });
    if (!company) {
      const created = await provisionCompany(tx.em, {
        name: spec.displayName,
        email: spec.adminEmail,
        password: randomBytes(24).toString('base64url'),
        planId: plan.id,
        dueDate: spec.dueDate,
        timezone: spec.timezone,
      });
      company = created.company;
      ctx.logger.info(
        { companyId: company.id, resource: o.resourceName },
        'company provisioned from its resource',
      );
    }
    const dueDate = spec.dueDate ?? company.dueDate;
    const today = calendarDay(now, spec.timezone ?? company.timezone);
    const status = spec.active && !isOverdue(dueDate, today);
    await companies.update(
      { id: company.id },
      {
        resourceName: o.resourceName,
        name: spec.displayName,
        planId: plan.id,
        dueDate,
        status: company.id === PLATFORM_COMPANY_ID ? true : status,
        ...(spec.timezone ? { timezone: spec.timezone } : {}),
        numberAttendants: spec.limits?.users ?? null,
        numberConections: spec.limits?.connections ?? null,
      },
    );
    return company.id;
  });
  ctx.events.publish('company.updated', { companyId: id });
  const company = await platformData(ctx.ds)
    .of(CompanyEntity)
    .findOneOrFail({ where: { id }, relations: { plan: true } });
  return internalCompanyState(company, calendarDay(now, company.timezone));
}
