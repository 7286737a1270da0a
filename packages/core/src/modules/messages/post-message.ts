import type { AppContext } from '../../context.js';
import { MessageEntity, TicketEntity, type Ticket } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import { deliverMessage } from './deliver-message.js';
import { outboundSendOf } from './outbound-send.js';
import type { OutboundSend } from '../../channels/channel-adapter.js';

/** What an outbound message (an attendant's, or one the platform sends) is made of. */
export interface OutboundMessage {
  body: string;
  userId?: number | null;
  isPrivate?: boolean;
  mediaType?: string | null;
  /** The private upload's URL (`/private/{companyId}/{file}`) for media. */
  mediaUrl?: string | null;
  quotedMsgId?: number | null;
  isForwarded?: boolean;
}

type TicketRef = Pick<
  Ticket,
  'id' | 'contactId' | 'queueId' | 'whatsappId' | 'channel' | 'isGroup' | 'status'
>;

/**
 * Stores our message on a ticket and moves the ticket's preview; private messages never
 * leave the platform. Runs inside the caller's transaction (`db`); returns what to hand to
 * the channel once that transaction commits (null for a private message or no connection).
 */
export async function storeOutboundMessage(
  db: TenantData,
  ticket: TicketRef,
  m: OutboundMessage,
): Promise<{ messageId: number; send: OutboundSend | null }> {
  const message = await db.of(MessageEntity).insert({
    body: m.body,
    fromMe: true,
    read: true,
    ack: 0,
    mediaType: m.mediaType ?? 'chat',
    mediaUrl: m.mediaUrl ?? null,
    quotedMsgId: m.quotedMsgId ?? null,
    isPrivate: m.isPrivate ?? false,
    isForwarded: m.isForwarded ?? false,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    queueId: ticket.queueId,
    whatsappId: ticket.whatsappId,
    userId: m.userId ?? null,
  });
  await db
    .of(TicketEntity)
    .update({ id: ticket.id }, { lastMessage: previewOf(m), fromMe: true, updatedAt: new Date() });
  if (m.isPrivate || ticket.whatsappId === null) return { messageId: message.id, send: null };
  return { messageId: message.id, send: await outboundSendOf(db, message.id) };
}

/** The list preview of a message: its text, or its kind for media. */
function previewOf(m: OutboundMessage): string {
  if (m.body) return m.body.slice(0, 255);
  return m.mediaType ? `[${m.mediaType}]` : '';
}

/**
 * After the transaction that stored messages committed: tells the listeners and hands each
 * one to its channel (the first attempt awaited, retries in the background).
 */
export async function publishStoredMessages(
  ctx: AppContext,
  companyId: number,
  stored: { messageId: number; ticketId: number; send: OutboundSend | null }[],
): Promise<void> {
  for (const s of stored)
    ctx.events.publish('message.created', {
      companyId,
      messageId: s.messageId,
      ticketId: s.ticketId,
    });
  for (const s of stored) if (s.send) await deliverMessage(ctx, s.send);
}
