import { AppError, type CreateQueueInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity, QueueEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import type { Principal } from '../../access/principal.js';
import { checkQueueLinks, TREE_FIELDS, treeLinks } from './check-queue-links.js';
import { checkQueueUnique } from './check-queue-unique.js';
import { loadQueueView } from './queue-view.js';
import { syncChatbotTree } from './sync-chatbot-tree.js';

/**
 * Creates a queue (and the option tree sent with it) in the admin's company, within the
 * plan's queue limit (0 = unlimited). The company row is locked so two creations cannot both
 * take the last place.
 */
export async function createQueue(
  ctx: AppContext,
  o: { auth: Principal; input: CreateQueueInput },
) {
  const companyId = o.auth.companyId;
  const { chatbots, schedules, ...fields } = o.input;
  const id = await platformData(ctx.ds).transaction(async (tx) => {
    const company = await tx.of(CompanyEntity).findOne({
      where: { id: companyId },
      relations: { plan: true },
      lock: { mode: 'pessimistic_write', tables: ['companies'] },
    });
    if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
    const own = tx.tenant(companyId);
    const limit = company.plan?.queues ?? 0;
    if (limit > 0 && (await own.of(QueueEntity).count()) >= limit)
      throw new AppError('ERR_QUEUE_LIMIT_REACHED');
    await checkQueueUnique(own, fields);
    await checkQueueLinks(
      own,
      {
        integrationIds: [fields.integrationId],
        fileIds: [fields.fileListId],
        promptIds: [fields.promptId],
      },
      { integrationIds: 'integrationId', fileIds: 'fileListId', promptIds: 'promptId' },
    );
    await checkQueueLinks(own, treeLinks(chatbots), TREE_FIELDS);
    const row = await own.of(QueueEntity).insert({
      ...fields,
      ...(schedules ? { schedules } : {}),
    });
    if (chatbots?.length) await syncChatbotTree(own, row.id, chatbots);
    return row.id;
  }, companyId);

  const view = await loadQueueView(ctx, companyId, id);
  ctx.events.publish('queue.updated', { companyId, queue: view });
  return view;
}
