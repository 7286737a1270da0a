import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import {
  ContactEntity,
  MessageEntity,
  TicketEntity,
  UserEntity,
  ACTIVE_TICKET_STATUSES,
} from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import { In, IsNull } from 'typeorm';
import type { Principal } from '../../access/principal.js';
import { loadCompanyTimeZone } from '../companies/company-time-zone.js';
import { findTicket } from '../tickets/find-ticket.js';
import { createTicketRow } from '../tickets/create-ticket-row.js';
import { loadMessageView } from './message-views.js';
import { publishStoredMessages, storeOutboundMessage } from './post-message.js';
import { signed } from './private-note.js';

/**
 * POST /message/forward: a copy of a message (text or media) goes to a contact, on the
 * contact's active ticket of the source ticket's connection, or a new one open for the
 * caller; marked forwarded. The console forwards several one after another.
 */
export async function forwardMessage(
  ctx: AppContext,
  o: { auth: Principal; messageId: number; contactId: number; signMessage?: boolean },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const source = await db.of(MessageEntity).findOne({ where: { id: o.messageId } });
  if (!source || source.isPrivate || source.isDeleted) throw new AppError('ERR_NOT_FOUND');
  const from = await findTicket(ctx, { auth: o.auth, ref: source.ticketId });
  const user = await db
    .of(UserEntity)
    .get({ where: { id: o.auth.userId }, select: { id: true, name: true } });
  const stored = await db.transaction(async (tx) => {
    const contact = await tx
      .of(ContactEntity)
      .findOne({ where: { id: o.contactId }, select: { id: true, isGroup: true } });
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    const ticket =
      (await tx.of(TicketEntity).findOne({
        where: {
          contactId: contact.id,
          // A ticket without a connection matches the contact's tickets without one.
          whatsappId: from.whatsappId ?? IsNull(),
          status: In([...ACTIVE_TICKET_STATUSES]),
        },
      })) ??
      (await createTicketRow(
        tx,
        {
          contactId: contact.id,
          whatsappId: from.whatsappId,
          channel: from.channel,
          queueId: from.queueId,
          userId: user.id,
          status: 'open',
          isGroup: contact.isGroup,
        },
        await loadCompanyTimeZone(ctx, tx.companyId),
      ));
    const body =
      source.body && o.signMessage ? signed(user.name, source.body) : (source.body ?? '');
    const s = await storeOutboundMessage(tx, ticket, {
      body,
      mediaType: source.mediaType,
      mediaUrl: source.mediaUrl,
      isForwarded: true,
      userId: user.id,
    });
    return { ...s, ticketId: ticket.id };
  });
  await publishStoredMessages(ctx, db.companyId, [stored]);
  return loadMessageView(db, stored.messageId);
}
