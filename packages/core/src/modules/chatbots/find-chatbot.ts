import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { chatbotViewOf } from './chatbot-of.js';

/** GET /chatbot/:id: one option of the caller's company with its children nested. */
export function findChatbot(ctx: AppContext, o: { auth: Principal; chatbotId: number }) {
  return chatbotViewOf(ctx, o.auth.companyId, o.chatbotId);
}
