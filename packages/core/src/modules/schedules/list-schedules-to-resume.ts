import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';

/**
 * Every schedule not yet sent (PENDENTE or AGENDADA), for the worker's resume step: one whose
 * time passed while the platform was down is then sent at once, never dropped. Read company
 * by company through each one's own scope.
 */
export async function listSchedulesToResume(
  ctx: AppContext,
): Promise<{ companyId: number; scheduleId: number }[]> {
  const companies = await platformData(ctx.ds)
    .of(CompanyEntity)
    .find({ select: { id: true }, order: { id: 'ASC' } });
  const out: { companyId: number; scheduleId: number }[] = [];
  for (const { id: companyId } of companies) {
    const rows = await tenantData(ctx.ds, companyId).query<{ id: number }>(
      `SELECT id FROM scheduled_messages
        WHERE "companyId" = $1 AND status IN ('PENDENTE', 'AGENDADA') AND "sentAt" IS NULL
        ORDER BY "sendAt", id`,
      [companyId],
    );
    for (const r of rows) out.push({ companyId, scheduleId: r.id });
  }
  return out;
}
