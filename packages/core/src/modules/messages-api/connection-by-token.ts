import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity, PlanEntity, WhatsappEntity } from '../../db/entities/index.js';
import { crossTenantData, platformData } from '../../db/platform-data.js';

/**
 * The connection an integrator's bearer token names (docs/product/messages-api.md#sending): the token fixes the
 * connection and the company. No token: 401; an unknown one: 403; a company that is off or
 * whose plan has no external API: 403.
 */
export async function connectionByToken(ctx: AppContext, token: string | undefined) {
  if (!token) throw new AppError('ERR_SESSION_EXPIRED');
  // Connection tokens are unique across the platform: the lookup spans every company.
  const connection = await crossTenantData(ctx.ds, 'platform-unique-values')
    .of(WhatsappEntity)
    .findOne({
      where: { token },
      select: { id: true, companyId: true, channel: true, status: true },
    });
  if (!connection) throw new AppError('ERR_INVALID_TOKEN');
  const company = await platformData(ctx.ds)
    .of(CompanyEntity)
    .findOne({
      where: { id: connection.companyId },
      select: { id: true, status: true, planId: true },
    });
  if (!company?.status) throw new AppError('ERR_NO_PERMISSION');
  const plan = company.planId
    ? await platformData(ctx.ds)
        .of(PlanEntity)
        .findOne({ where: { id: company.planId }, select: { id: true, useExternalApi: true } })
    : null;
  if (plan && !plan.useExternalApi) throw new AppError('ERR_NO_PERMISSION');
  return connection;
}
