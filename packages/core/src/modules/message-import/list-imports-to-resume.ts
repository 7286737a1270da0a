import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';

/**
 * Every connection with staged history left (an import the platform stopped in the middle of,
 * or whose start was lost), for the worker's resume step. Read company by company through each
 * one's own scope.
 */
export async function listImportsToResume(
  ctx: AppContext,
): Promise<{ companyId: number; whatsappId: number }[]> {
  const companies = await platformData(ctx.ds)
    .of(CompanyEntity)
    .find({ select: { id: true }, order: { id: 'ASC' } });
  const out: { companyId: number; whatsappId: number }[] = [];
  for (const { id: companyId } of companies) {
    const rows = await tenantData(ctx.ds, companyId).query<{ whatsappId: number }>(
      `SELECT DISTINCT "whatsappId" FROM import_messages WHERE "companyId" = $1 ORDER BY 1`,
      [companyId],
    );
    for (const r of rows) out.push({ companyId, whatsappId: r.whatsappId });
  }
  return out;
}
