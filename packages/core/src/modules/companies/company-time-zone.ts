import { DEFAULT_TIMEZONE, isTimeZone } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity, type Company } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';

/**
 * The time zone to evaluate a company's business-hours rules in. Writes refuse unknown names,
 * but a row written before that rule (or by hand) may still hold one: reading it must not
 * fail every login of the company, so it falls back to the platform default and says so.
 */
export function companyTimeZone(
  ctx: AppContext,
  company: Pick<Company, 'id' | 'timezone'>,
): string {
  if (company.timezone && isTimeZone(company.timezone)) return company.timezone;
  ctx.logger.warn(
    { companyId: company.id, timezone: company.timezone },
    `unknown company time zone; using ${DEFAULT_TIMEZONE}`,
  );
  return DEFAULT_TIMEZONE;
}

/** The time zone of company `companyId` (see companyTimeZone). */
export async function loadCompanyTimeZone(ctx: AppContext, companyId: number): Promise<string> {
  const company = await platformData(ctx.ds)
    .of(CompanyEntity)
    .findOne({ where: { id: companyId }, select: { id: true, timezone: true } });
  return company ? companyTimeZone(ctx, company) : DEFAULT_TIMEZONE;
}
