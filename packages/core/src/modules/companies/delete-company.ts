import { AppError, PLATFORM_COMPANY_ID } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';

/** Deletes a company and, by cascade, everything it owns. The platform company stays. */
export async function deleteCompany(ctx: AppContext, o: { companyId: number }) {
  if (o.companyId === PLATFORM_COMPANY_ID) throw new AppError('ERR_CANNOT_DELETE_PLATFORM_COMPANY');
  // Everything the company owns goes by the foreign keys' cascade.
  const result = await platformData(ctx.ds).of(CompanyEntity).delete({ id: o.companyId });
  if (!result.affected) throw new AppError('ERR_NO_COMPANY_FOUND');
  ctx.events.publish('company.deleted', { companyId: o.companyId });
  ctx.logger.info({ companyId: o.companyId }, 'company deleted');
  return { message: 'Company deleted' };
}
