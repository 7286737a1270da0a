import type { ChatbotView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { QueueOptionEntity, type QueueOption } from '../../db/entities/index.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import { optionTree, queueOptionRows, toChatbotView } from '../queues/queue-view.js';

/** A chatbot option of the company (ERR_CHATBOT_NOT_FOUND for another company's). */
export function loadChatbot(db: TenantData, id: number): Promise<QueueOption> {
  return db.of(QueueOptionEntity).get({ where: { id } }, 'ERR_CHATBOT_NOT_FOUND');
}

/** One option with its subtree nested, siblings in menu order. */
export async function chatbotViewOf(
  ctx: AppContext,
  companyId: number,
  id: number,
): Promise<ChatbotView> {
  const db = tenantData(ctx.ds, companyId);
  const option = await loadChatbot(db, id);
  const rows = await queueOptionRows(db, option.queueId);
  return toChatbotView(option, optionTree(rows, id));
}
