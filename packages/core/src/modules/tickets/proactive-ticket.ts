import type { Contact } from '../../db/entities/contact.js';
import type { Ticket } from '../../db/entities/ticket.js';
import type { Whatsapp } from '../../db/entities/whatsapp.js';
import { TicketEntity } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import { inboundTicket } from './inbound-ticket.js';
import { placeOf, type Change } from './ticket-change.js';
import { logTicket, track } from './ticket-history.js';

/**
 * Where a ticket we open to write first goes: open with an attendant (`userId`), or pending;
 * in `queueId` (null keeps the ticket's own).
 */
export interface TicketPlacement {
  userId: number | null;
  queueId: number | null;
}

/**
 * The placement a campaign or a scheduled message asks for a ticket it opens
 * (docs/product/campaigns.md#delivery, docs/product/schedules.md#sending-and-recurrence):
 * with openTicket enabled, its queue and, with statusTicket open and an attendant, that
 * attendant; null (the ticket as the connection opens it, closed after the message) otherwise.
 */
export function senderPlacement(o: {
  openTicket: string | null;
  statusTicket: string | null;
  userId: number | null;
  queueId: number | null;
}): TicketPlacement | null {
  if (o.openTicket !== 'enabled') return null;
  return { userId: o.statusTicket === 'open' ? o.userId : null, queueId: o.queueId };
}

/**
 * Whether the ticket a sender opened is closed again once its message is stored: the sender
 * asked for no ticket (no placement) or for a closed one, so the send leaves no work behind.
 * A ticket the contact already had is never closed by it.
 */
export const closesAfterSend = (
  fresh: boolean,
  placement: TicketPlacement | null,
  statusTicket: string | null,
) => fresh && (!placement || statusTicket === 'closed');

/**
 * The ticket our own first message goes on, inside the caller's transaction: the contact's
 * active ticket on the connection, reused as it is, else a recent one reopened or a new one
 * (`inboundTicket`, outbound: never a consent question). `placement` is applied to a new or
 * reopened ticket (`always`: to a reused one too, as the messages API does for its `userId`
 * and `queueId`); an attendant opens it (log `open`, tracking started). The ticket's move is
 * recorded in `change` for `afterChange` after commit.
 */
export async function proactiveTicket(
  tx: TenantData,
  change: Change,
  o: {
    contact: Contact;
    connection: Whatsapp;
    timeZone: string;
    now: Date;
    placement: TicketPlacement | null;
    /** Apply the placement to a ticket the contact already had too. */
    always?: boolean;
  },
): Promise<{ ticket: Ticket; fresh: boolean }> {
  const { ticket, isNew, reopened } = await inboundTicket(tx, {
    contact: o.contact,
    connection: o.connection,
    timeZone: o.timeZone,
    now: o.now,
    outbound: true,
  });
  const fresh = isNew || reopened;
  const before = reopened
    ? { status: 'closed', queueId: ticket.queueId, userId: null }
    : placeOf(ticket);
  if (fresh || o.always) change.moved.push({ ticketId: ticket.id, before, created: isNew });
  if (o.placement && (fresh || o.always)) await place(tx, ticket, o.placement, !o.always);
  change.ticketId = ticket.id;
  return { ticket, fresh };
}

/**
 * Puts the ticket where the placement says. `pendingWithoutUser`: a placement without an
 * attendant makes the ticket pending (a sender's choice); else such a placement only moves the
 * queue and leaves the status alone (the messages API naming only a queue).
 */
async function place(
  tx: TenantData,
  ticket: Ticket,
  p: TicketPlacement,
  pendingWithoutUser: boolean,
): Promise<void> {
  const patch: Partial<Pick<Ticket, 'status' | 'queueId' | 'userId'>> = {
    ...(p.userId
      ? { status: 'open', userId: p.userId }
      : pendingWithoutUser
        ? { status: 'pending', userId: null }
        : {}),
    ...(p.queueId || pendingWithoutUser ? { queueId: p.queueId ?? ticket.queueId } : {}),
  };
  if (!Object.keys(patch).length) return;
  await tx.of(TicketEntity).update({ id: ticket.id }, patch);
  Object.assign(ticket, patch);
  if (p.userId) {
    await logTicket(tx, {
      ticketId: ticket.id,
      type: 'open',
      userId: p.userId,
      queueId: ticket.queueId,
    });
    await track(tx, ticket.id, { started: true, userId: p.userId, queueId: ticket.queueId });
  }
}
