import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TicketEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
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

/**
 * Accept (docs/product/tickets.md#status-transitions, docs/product/tickets.md#closing-and-rating): a waiting ticket becomes the caller's, open (or group for
 * a WhatsApp group not handled as a ticket), in the chosen queue. Accepting a ticket another
 * user took in the meantime answers ERR_OTHER_OPEN_TICKET naming them. With
 * sendGreetingAccepted the greetingAcceptedMessage goes to the contact.
 */
export function acceptTicket(
  ctx: AppContext,
  o: { auth: Principal; ticketId: number; queueId?: number | null },
) {
  return changeTicket(ctx, o, async ({ tx, ticket, viewer, change, say }) => {
    if (!['pending', 'lgpd'].includes(ticket.status)) {
      if (ticket.userId === viewer.id && ['open', 'group'].includes(ticket.status)) return;
      const held = await otherOpenTicket(tx, {
        contactId: ticket.contactId,
        whatsappId: ticket.whatsappId,
      });
      throw held ?? new AppError('ERR_NO_PERMISSION');
    }
    const before = placeOf(ticket);
    const connection = await connectionOf(tx, ticket);
    const groupAsTicket = connection?.groupAsTicket === 'enabled';
    const status = ticket.isGroup && !groupAsTicket ? 'group' : 'open';
    const queueId = o.queueId !== undefined && o.queueId !== null ? o.queueId : ticket.queueId;
    await tx.of(TicketEntity).update(
      { id: ticket.id },
      {
        status,
        userId: viewer.id,
        queueId,
        unreadMessages: 0,
        isTransfered: false,
        ...BOTS_OFF,
      },
    );
    Object.assign(ticket, { status, userId: viewer.id, queueId });
    await logTicket(tx, { ticketId: ticket.id, type: 'open', userId: viewer.id, queueId });
    await track(tx, ticket.id, { started: true, userId: viewer.id, queueId });
    change.moved.push({ ticketId: ticket.id, before });

    const settings = await readSettings(tx, ['sendGreetingAccepted', 'greetingAcceptedMessage']);
    const greetable = before.status === 'pending' && (!ticket.isGroup || groupAsTicket);
    if (isOn(settings.sendGreetingAccepted) && greetable && settings.greetingAcceptedMessage.trim())
      await say(ticket, {
        body: await renderForTicket(ctx, tx, ticket, settings.greetingAcceptedMessage, viewer),
        userId: viewer.id,
      });
  });
}
