import { AppError, type ConnectionResourceInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Company, Whatsapp } from '../../db/entities/index.js';
import { newConnectionToken } from './check-whatsapp-input.js';

/**
 * Registers the connection of a Connection resource created with kubectl (idempotent by
 * company and resource name) and returns its id.
 */
export async function registerConnectionResource(ctx: AppContext, o: ConnectionResourceInput) {
  return ctx.ds.transaction(async (em) => {
    if (!(await em.getRepository<Company>('Company').exist({ where: { id: o.companyId } })))
      throw new AppError('ERR_NO_COMPANY_FOUND');
    const repo = em.getRepository<Whatsapp>('Whatsapp');
    const existing = await repo.findOne({
      where: { companyId: o.companyId, resourceName: o.resourceName },
    });
    if (existing) return { id: existing.id };
    if (await repo.exist({ where: { companyId: o.companyId, name: o.displayName } })) {
      throw new AppError('ERR_DUPLICATED_CONNECTION', {
        fields: [{ field: 'displayName', message: 'A connection with this name exists' }],
      });
    }
    const isDefault = !(await repo.exist({ where: { companyId: o.companyId } }));
    const row = await repo.save(
      repo.create({
        companyId: o.companyId,
        name: o.displayName,
        channel: o.channel,
        resourceName: o.resourceName,
        token: newConnectionToken(),
        isDefault,
        status: 'DISCONNECTED',
      }),
    );
    ctx.logger.info(
      { companyId: o.companyId, connectionId: row.id, resource: o.resourceName },
      'connection registered from its resource',
    );
    return { id: row.id };
  });
}
