import { AppError, type SignupInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { PlanEntity } from '../../db/entities/index.js';
import { crossTenantData, platformData } from '../../db/platform-data.js';
import { provisionCompany } from './provision-company.js';
import { findPublicSetting } from '../settings/find-public-setting.js';

/**
 * Public signup: a new company on a public plan, with the visitor as its first admin. Refused
 * with ERR_USER_CREATION_DISABLED unless the platform's userCreation setting is enabled.
 */
export async function signupCompany(ctx: AppContext, input: SignupInput) {
  if ((await findPublicSetting(ctx, { key: 'userCreation' })) !== 'enabled') {
    throw new AppError('ERR_USER_CREATION_DISABLED');
  }
  const plan = await platformData(ctx.ds)
    .of(PlanEntity)
    .findOne({ where: { id: input.planId, isPublic: true } });
  if (!plan)
    throw new AppError('ERR_NO_PLAN_FOUND', {
      fields: [{ field: 'planId', message: 'Plan not found' }],
    });
  const { company, admin } = await crossTenantData(ctx.ds, 'signup').transaction((tx) =>
    provisionCompany(tx.em, {
      name: input.companyName,
      adminName: input.name,
      email: input.email,
      password: input.password,
      planId: plan.id,
      phone: input.phone,
      document: input.document,
      street: input.address ?? null,
      city: input.city ?? null,
      state: input.state ?? null,
    }),
  );
  ctx.events.publish('company.created', { companyId: company.id });
  ctx.logger.info({ companyId: company.id }, 'company signed up');
  return { id: admin.id, name: admin.name, companyId: company.id };
}
