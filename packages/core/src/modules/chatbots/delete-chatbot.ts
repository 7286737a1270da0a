import type { AppContext } from '../../context.js';
import { QueueOptionEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadChatbot } from './chatbot-of.js';
import { publishQueueOf } from './publish-queue-of.js';

/** DELETE /chatbot/:id: the option and every option under it (parentId cascades). */
export async function deleteChatbot(ctx: AppContext, o: { auth: Principal; chatbotId: number }) {
  const companyId = o.auth.companyId;
  const db = tenantData(ctx.ds, companyId);
  const option = await loadChatbot(db, o.chatbotId);
  await db.of(QueueOptionEntity).delete({ id: option.id });
  await publishQueueOf(ctx, companyId, option.queueId);
  return { message: 'Chatbot option deleted' };
}
