import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';

/**
 * Every campaign whose delivery should be running (PROGRAMADA or EM_ANDAMENTO), for the
 * worker's resume step. Read company by company through each one's own scope, so no
 * cross-tenant read is needed.
 */
export async function listCampaignsToResume(
  ctx: AppContext,
): Promise<{ companyId: number; campaignId: number }[]> {
  const companies = await platformData(ctx.ds)
    .of(CompanyEntity)
    .find({ select: { id: true }, order: { id: 'ASC' } });
  const out: { companyId: number; campaignId: number }[] = [];
  for (const { id: companyId } of companies) {
    const rows = await tenantData(ctx.ds, companyId).query<{ id: number }>(
      `SELECT id FROM campaigns WHERE "companyId" = $1 AND status IN ('PROGRAMADA', 'EM_ANDAMENTO')
        ORDER BY id`,
      [companyId],
    );
    for (const r of rows) out.push({ companyId, campaignId: r.id });
  }
  return out;
}
