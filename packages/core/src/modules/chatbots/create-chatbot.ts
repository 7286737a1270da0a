import { IsNull } from 'typeorm';
import { AppError, type CreateChatbotInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { QueueEntity, QueueOptionEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { checkOptionMessages } from '../queues/check-option-messages.js';
import { checkQueueLinks } from '../queues/check-queue-links.js';
import { chatbotViewOf } from './chatbot-of.js';
import { publishQueueOf } from './publish-queue-of.js';

/**
 * Adds one option under a queue of the company (parentId null) or under an option of that
 * same queue; it goes last among its siblings unless an order is given.
 */
export async function createChatbot(
  ctx: AppContext,
  o: { auth: Principal; input: CreateChatbotInput },
) {
  const companyId = o.auth.companyId;
  const { queueId, parentId, ...fields } = o.input;
  const id = await tenantData(ctx.ds, companyId).transaction(async (tx) => {
    if (!(await tx.of(QueueEntity).exists({ id: queueId })))
      throw new AppError('ERR_VALIDATION', {
        fields: [{ field: 'queueId', message: 'Unknown queue' }],
      });
    const options = tx.of(QueueOptionEntity);
    if (parentId && !(await options.exists({ id: parentId, queueId })))
      throw new AppError('ERR_VALIDATION', {
        fields: [{ field: 'parentId', message: 'Not an option of this queue' }],
      });
    await checkQueueLinks(
      tx,
      {
        queueIds: [fields.optQueueId],
        userIds: [fields.optUserId],
        integrationIds: [fields.optIntegrationId],
        fileIds: [fields.optFileId],
      },
      {
        queueIds: 'optQueueId',
        userIds: 'optUserId',
        integrationIds: 'optIntegrationId',
        fileIds: 'optFileId',
      },
    );
    const siblings = await options.count({
      where: { queueId, parentId: parentId ? parentId : IsNull() },
    });
    const row = await options.insert({
      queueType: 'text',
      closeTicket: false,
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      order: fields.order ?? siblings,
      queueId,
      parentId: parentId ?? null,
    });
    await checkOptionMessages(tx, queueId);
    return row.id;
  });
  const view = await chatbotViewOf(ctx, companyId, id);
  await publishQueueOf(ctx, companyId, view.queueId);
  return view;
}
