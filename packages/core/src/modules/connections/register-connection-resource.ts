import { AppError, type ConnectionResourceInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity, WhatsappEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { newConnectionToken } from './check-whatsapp-input.js';

/**
 * Registers the connection of a Connection resource created with kubectl (idempotent by
 * company and resource name) and returns its id.
 */
export async function registerConnectionResource(ctx: AppContext, o: ConnectionResourceInput) {
  // The operator names the company: the transaction runs in that company's scope.
  return platformData(ctx.ds).transaction(async (tx) => {
    if (!(await tx.of(CompanyEntity).exist({ where: { id: o.companyId } })))
      throw new AppError('ERR_NO_COMPANY_FOUND');
    const repo = tx.tenant(o.companyId).of(WhatsappEntity);
    const existing = await repo.findOne({ where: { resourceName: o.resourceName } });
    if (existing) return { id: existing.id };
    if (await repo.exists({ name: o.displayName })) {
      throw new AppError('ERR_DUPLICATED_CONNECTION', {
        fields: [{ field: 'displayName', message: 'A connection with this name exists' }],
      });
    }
    const isDefault = (await repo.count()) === 0;
    const row = await repo.insert({
      name: o.displayName,
      channel: o.channel,
      resourceName: o.resourceName,
      token: newConnectionToken(),
      isDefault,
      status: 'DISCONNECTED',
    });
    ctx.logger.info(
      { companyId: o.companyId, connectionId: row.id, resource: o.resourceName },
      'connection registered from its resource',
    );
    return { id: row.id };
  }, o.companyId);
}
