import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { MessageEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { ownMessage } from './edit-message.js';
import { loadMessageView } from './message-views.js';

/** DELETE /messages/:messageId: an own message, deleted for everyone (marked, not erased). */
export async function deleteMessage(ctx: AppContext, o: { auth: Principal; messageId: number }) {
  const { db, message, ticket } = await ownMessage(ctx, o.auth, o.messageId);
  if (message.wid && !message.isPrivate) {
    try {
      await ctx.channels
        .for(ticket.channel)
        .remove({ companyId: db.companyId, whatsappId: message.whatsappId, wid: message.wid });
    } catch {
      throw new AppError('ERR_DELETE_WAPP_MSG');
    }
  }
  await db.of(MessageEntity).update({ id: message.id }, { isDeleted: true });
  ctx.events.publish('message.updated', {
    companyId: db.companyId,
    messageId: message.id,
    ticketId: message.ticketId,
  });
  return loadMessageView(db, message.id);
}
