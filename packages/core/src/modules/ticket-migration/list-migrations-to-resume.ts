import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';

/** Every migration not done yet, for the worker's resume step (company by company). */
export async function listMigrationsToResume(
  ctx: AppContext,
): Promise<{ companyId: number; migrationId: string }[]> {
  const companies = await platformData(ctx.ds)
    .of(CompanyEntity)
    .find({ select: { id: true }, order: { id: 'ASC' } });
  const out: { companyId: number; migrationId: string }[] = [];
  for (const { id: companyId } of companies) {
    const rows = await tenantData(ctx.ds, companyId).query<{ id: string }>(
      `SELECT id FROM ticket_migrations WHERE "companyId" = $1 AND status = 'running'
        ORDER BY "createdAt"`,
      [companyId],
    );
    for (const r of rows) out.push({ companyId, migrationId: r.id });
  }
  return out;
}
