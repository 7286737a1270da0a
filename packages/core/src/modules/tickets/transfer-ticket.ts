import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import {
  QueueEntity,
  TicketEntity,
  UserEntity,
  WhatsappEntity,
  type Ticket,
} from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { loadCompanyTimeZone } from '../companies/company-time-zone.js';
import { privateNote } from '../messages/private-note.js';
import { createTicketRow } from './create-ticket-row.js';
import {
  BOTS_OFF,
  changeTicket,
  connectionOf,
  otherOpenTicket,
  placeOf,
  renderForTicket,
} from './ticket-change.js';
import { logTicket, track } from './ticket-history.js';
import { isOn, readSettings } from './ticket-settings.js';

export interface TransferInput {
  queueId?: number | null;
  userId?: number | null;
  whatsappId?: number | null;
  msgTransfer?: string | null;
}

/**
 * Transfer (docs/product/tickets.md#the-tickets-screen Transfer dialog, docs/product/tickets.md#status-transitions; docs/product/tickets.md#closing-and-rating) to a queue, a user and/or another
 * connection: the ticket waits again (pending, or group), flagged isTransfered. The note is
 * stored as a private message; transferMessage goes to the contact with sendMsgTransfTicket;
 * closeTicketOnTransfer with a changed queue closes this ticket and opens a new one there.
 * A connection that is not CONNECTED, or one already holding an active ticket of the
 * contact, refuses the transfer.
 */
export function transferTicket(
  ctx: AppContext,
  o: { auth: Principal; ticketId: number } & TransferInput,
) {
  return changeTicket(ctx, o, async ({ tx, ticket, viewer, change, say }) => {
    if (!['pending', 'open', 'group'].includes(ticket.status))
      throw new AppError('ERR_NO_PERMISSION');
    const whatsappId = o.whatsappId ?? ticket.whatsappId;
    if (whatsappId !== ticket.whatsappId) {
      const target = await tx
        .of(WhatsappEntity)
        .findOne({ where: { id: whatsappId! }, select: { id: true, status: true, channel: true } });
      if (!target) throw new AppError('ERR_NO_WAPP_FOUND');
      if (target.status !== 'CONNECTED') throw new AppError('ERR_CONNECTION_DISCONNECTED');
      const held = await otherOpenTicket(tx, {
        contactId: ticket.contactId,
        whatsappId,
        exceptId: ticket.id,
      });
      if (held) throw held;
    }
    const queueId = o.queueId !== undefined ? o.queueId : ticket.queueId;
    if (
      queueId &&
      queueId !== ticket.queueId &&
      !(await tx.of(QueueEntity).exists({ id: queueId }))
    )
      throw new AppError('ERR_NOT_FOUND');
    const userId = o.userId !== undefined ? o.userId : null;
    const target = userId
      ? await tx.of(UserEntity).findOne({ where: { id: userId }, select: { id: true, name: true } })
      : null;
    if (userId && !target) throw new AppError('ERR_NO_USER_FOUND');

    const before = placeOf(ticket);
    const connection = await connectionOf(tx, { whatsappId });
    const status = ticket.isGroup && connection?.groupAsTicket !== 'enabled' ? 'group' : 'pending';
    const settings = await readSettings(tx, [
      'closeTicketOnTransfer',
      'sendMsgTransfTicket',
      'transferMessage',
    ]);
    await logTicket(tx, {
      ticketId: ticket.id,
      type: 'transfered',
      userId: viewer.id,
      queueId: ticket.queueId,
    });

    let result: Ticket = ticket;
    if (isOn(settings.closeTicketOnTransfer) && queueId !== ticket.queueId) {
      await tx.of(TicketEntity).update({ id: ticket.id }, { status: 'closed', unreadMessages: 0 });
      await logTicket(tx, {
        ticketId: ticket.id,
        type: 'closed',
        userId: viewer.id,
        queueId: ticket.queueId,
      });
      await track(tx, ticket.id, { closed: true });
      change.moved.push({ ticketId: ticket.id, before });
      result = await createTicketRow(
        tx,
        {
          contactId: ticket.contactId,
          whatsappId,
          channel: connection?.channel ?? ticket.channel,
          queueId,
          userId,
          status,
          isGroup: ticket.isGroup,
          isTransfered: true,
        },
        await loadCompanyTimeZone(ctx, tx.companyId),
      );
      change.moved.push({ ticketId: result.id, created: true });
    } else {
      const patch = {
        status,
        queueId,
        userId,
        whatsappId,
        isTransfered: true,
        channel: connection?.channel ?? ticket.channel,
        ...BOTS_OFF,
      };
      await tx.of(TicketEntity).update({ id: ticket.id }, patch);
      Object.assign(ticket, patch);
      await track(tx, ticket.id, { queueId, userId, whatsappId });
      change.moved.push({ ticketId: ticket.id, before });
    }
    change.ticketId = result.id;
    await logTicket(tx, { ticketId: result.id, type: 'receivedTransfer', userId, queueId });

    const note = o.msgTransfer?.trim();
    if (note)
      await say(result, {
        body: privateNote(viewer.name, note),
        isPrivate: true,
        userId: viewer.id,
      });
    if (isOn(settings.sendMsgTransfTicket) && settings.transferMessage.trim())
      await say(result, {
        body: await renderForTicket(ctx, tx, result, settings.transferMessage, target),
        userId: viewer.id,
      });
  });
}
