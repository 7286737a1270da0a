import { AppError, queueRuleIssues, type UpdateQueueInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { QueueEntity, type Queue } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { checkQueueLinks, TREE_FIELDS, treeLinks } from './check-queue-links.js';
import { checkQueueUnique } from './check-queue-unique.js';
import { loadQueueView } from './queue-view.js';
import { syncChatbotTree } from './sync-chatbot-tree.js';

/**
 * Updates a queue. A sent `chatbots` tree is synced in the same transaction (see
 * syncChatbotTree), so a failed option leaves the queue and its whole tree as they were.
 */
export async function updateQueue(
  ctx: AppContext,
  o: { auth: Principal; queueId: number; input: UpdateQueueInput },
) {
  const companyId = o.auth.companyId;
  const { chatbots, ...fields } = o.input;
  await tenantData(ctx.ds, companyId).transaction(async (tx) => {
    const repo = tx.of(QueueEntity);
    const current = await repo.get(
      {
        where: { id: o.queueId },
        select: { id: true, ativarRoteador: true, tempoRoteador: true },
        lock: { mode: 'pessimistic_write' },
      },
      'ERR_QUEUE_NOT_FOUND',
    );
    const issues = queueRuleIssues({
      ativarRoteador: fields.ativarRoteador ?? current.ativarRoteador,
      tempoRoteador: fields.tempoRoteador ?? current.tempoRoteador,
    });
    if (issues.length)
      throw new AppError('ERR_VALIDATION', {
        fields: issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
      });
    await checkQueueUnique(tx, fields, o.queueId);
    await checkQueueLinks(
      tx,
      {
        integrationIds: [fields.integrationId],
        fileIds: [fields.fileListId],
        promptIds: [fields.promptId],
      },
      { integrationIds: 'integrationId', fileIds: 'fileListId', promptIds: 'promptId' },
    );
    await checkQueueLinks(tx, treeLinks(chatbots), TREE_FIELDS);
    const patch = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    ) as Partial<Queue>;
    if (Object.keys(patch).length) await repo.update({ id: o.queueId }, patch);
    if (chatbots) await syncChatbotTree(tx, o.queueId, chatbots);
  });

  const view = await loadQueueView(ctx, companyId, o.queueId);
  ctx.events.publish('queue.updated', { companyId, queue: view });
  return view;
}
