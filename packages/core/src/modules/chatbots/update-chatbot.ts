import { AppError, chatbotTypeIssues, type UpdateChatbotInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { QueueOptionEntity, type QueueOption } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { checkOptionMessages } from '../queues/check-option-messages.js';
import { checkQueueLinks } from '../queues/check-queue-links.js';
import { chatbotViewOf, loadChatbot } from './chatbot-of.js';
import { publishQueueOf } from './publish-queue-of.js';

/** PUT /chatbot/:id: edits an option's own fields; the type's extra field is checked merged. */
export async function updateChatbot(
  ctx: AppContext,
  o: { auth: Principal; chatbotId: number; input: UpdateChatbotInput },
) {
  const companyId = o.auth.companyId;
  const patch = Object.fromEntries(
    Object.entries(o.input).filter(([, v]) => v !== undefined),
  ) as Partial<QueueOption>;
  const queueId = await tenantData(ctx.ds, companyId).transaction(async (tx) => {
    const current = await loadChatbot(tx, o.chatbotId);
    const merged = { ...current, ...patch };
    const issues = chatbotTypeIssues({
      ...merged,
      queueType: merged.queueType as UpdateChatbotInput['queueType'],
    });
    if (issues.length)
      throw new AppError('ERR_VALIDATION', {
        fields: issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
      });
    await checkQueueLinks(
      tx,
      {
        queueIds: [patch.optQueueId],
        userIds: [patch.optUserId],
        integrationIds: [patch.optIntegrationId],
        fileIds: [patch.optFileId],
      },
      {
        queueIds: 'optQueueId',
        userIds: 'optUserId',
        integrationIds: 'optIntegrationId',
        fileIds: 'optFileId',
      },
    );
    if (Object.keys(patch).length) await tx.of(QueueOptionEntity).update({ id: current.id }, patch);
    await checkOptionMessages(tx, current.queueId);
    return current.queueId;
  });
  const view = await chatbotViewOf(ctx, companyId, o.chatbotId);
  await publishQueueOf(ctx, companyId, queueId);
  return view;
}
