import { In } from 'typeorm';
import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { QueueEntity, WhatsappEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';

/** Refuses queue ids or a default connection that are not the company's own. */
export async function checkUserLinks(
  ctx: AppContext,
  o: { companyId: number; queueIds?: number[]; whatsappId?: number | null },
): Promise<void> {
  if (o.queueIds?.length) {
    const ids = [...new Set(o.queueIds)];
    const found = await tenantData(ctx.ds, o.companyId)
      .of(QueueEntity)
      .count({
        where: { id: In(ids) },
      });
    if (found !== ids.length) {
      throw new AppError('ERR_VALIDATION', {
        fields: [{ field: 'queueIds', message: 'Unknown queue' }],
      });
    }
  }
  if (o.whatsappId) {
    const found = await tenantData(ctx.ds, o.companyId)
      .of(WhatsappEntity)
      .count({
        where: { id: o.whatsappId },
      });
    if (!found)
      throw new AppError('ERR_VALIDATION', {
        fields: [{ field: 'whatsappId', message: 'Unknown connection' }],
      });
  }
}
