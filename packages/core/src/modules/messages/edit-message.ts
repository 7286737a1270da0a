import { AppError, MESSAGE_EDIT_WINDOW_MS, MSG_REQUIRED } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { MessageEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { findTicket } from '../tickets/find-ticket.js';
import { loadMessageView } from './message-views.js';

/** Own message of the caller, on a ticket they may see; others are not found. */
export async function ownMessage(ctx: AppContext, auth: Principal, messageId: number) {
  const db = tenantData(ctx.ds, auth.companyId);
  const message = await db.of(MessageEntity).findOne({ where: { id: messageId } });
  if (!message) throw new AppError('ERR_NOT_FOUND');
  const ticket = await findTicket(ctx, { auth, ref: message.ticketId });
  if (!message.fromMe || message.userId !== auth.userId || message.isDeleted)
    throw new AppError('ERR_NO_PERMISSION');
  return { db, message, ticket };
}

/** POST /messages/edit/:messageId: an own message, within 15 minutes (docs/product/messages.md). */
export async function editMessage(
  ctx: AppContext,
  o: { auth: Principal; messageId: number; body: string },
) {
  const { db, message, ticket } = await ownMessage(ctx, o.auth, o.messageId);
  if (Date.now() - new Date(message.createdAt).getTime() > MESSAGE_EDIT_WINDOW_MS)
    throw new AppError('ERR_EDIT_WINDOW_EXPIRED');
  const body = o.body.trim();
  if (!body)
    throw new AppError('ERR_VALIDATION', { fields: [{ field: 'body', message: MSG_REQUIRED }] });
  if (message.wid && !message.isPrivate)
    await ctx.channels
      .for(ticket.channel)
      .edit({ companyId: db.companyId, whatsappId: message.whatsappId, wid: message.wid, body });
  await db.of(MessageEntity).update({ id: message.id }, { body, isEdited: true });
  ctx.events.publish('message.updated', {
    companyId: db.companyId,
    messageId: message.id,
    ticketId: message.ticketId,
  });
  return loadMessageView(db, message.id);
}
