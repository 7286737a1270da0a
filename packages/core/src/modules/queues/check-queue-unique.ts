import { ILike, Not } from 'typeorm';
import { AppError } from '@atendo/domain';
import { QueueEntity } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';

/**
 * A queue's name and colour are unique in its company (docs/product/queues-and-chatbots.md: a colour in use is
 * ERR_QUEUE_COLOR_ALREADY_EXISTS). Colours compare without case: #ff0000 is #FF0000.
 */
export async function checkQueueUnique(
  tx: TenantData,
  v: { name?: string; color?: string },
  exceptId?: number,
): Promise<void> {
  const repo = tx.of(QueueEntity);
  const other = exceptId ? { id: Not(exceptId) } : {};
  if (v.name && (await repo.exists({ name: v.name, ...other })))
    throw new AppError('ERR_DUPLICATED_QUEUE', {
      fields: [{ field: 'name', message: 'A queue with this name exists' }],
    });
  // Hex colours hold no LIKE wildcards (the schema allows only #, digits and a-f).
  if (v.color && (await repo.exists({ color: ILike(v.color), ...other })))
    throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', {
      fields: [{ field: 'color', message: 'This colour is in use' }],
    });
}
