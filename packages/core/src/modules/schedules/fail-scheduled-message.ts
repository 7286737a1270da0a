import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import { withCompany } from '../../db/tenant-scope.js';
import { publishSchedule } from './next-scheduled-send.js';

/**
 * A send that failed for good (after the workflow's bounded retries): the schedule goes to
 * ERRO with the reason ('Erro de Envio' in the modal). Saving it again retries it.
 */
export async function failScheduledMessage(
  ctx: AppContext,
  o: { companyId: number; scheduleId: number; reason: string },
): Promise<void> {
  await withCompany(o.companyId, async () => {
    await tenantData(ctx.ds, o.companyId).query(
      `UPDATE scheduled_messages SET status = 'ERRO', "lastError" = $3, "updatedAt" = now()
        WHERE "companyId" = $1 AND id = $2 AND "sentAt" IS NULL`,
      [o.companyId, o.scheduleId, o.reason.slice(0, 1000)],
    );
    await publishSchedule(ctx, o.companyId, o.scheduleId);
  });
}
