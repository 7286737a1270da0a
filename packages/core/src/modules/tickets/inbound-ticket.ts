import { AppError } from '@atendo/domain';
import {
  ACTIVE_TICKET_STATUSES,
  TicketEntity,
  type Contact,
  type Ticket,
  type Whatsapp,
} from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import { createTicketRow } from './create-ticket-row.js';
import { logTicket, startTracking } from './ticket-history.js';
import { isOn, readSettings } from './ticket-settings.js';

export const TICKET_COLUMNS = `id, uuid, "companyId", status, channel, "contactId", "userId", "queueId", "whatsappId",
  "lastMessage", "unreadMessages", "isGroup", "isBot", "isTransfered", "amountUsedBotQueues",
  "amountUsedBotQueuesNPS", "useIntegration", "integrationId", "promptId", "lgpdAccepted",
  "lgpdAcceptedAt", chatbot, "queueOptionId", "typebotSessionId", "typebotStatus", "fromMe",
  "sendInactiveMessage", imported, protocol, "createdAt", "updatedAt"`;

/** The ticket an inbound message lands on, locked for the turn, and whether it is new. */
export interface InboundTicket {
  ticket: Ticket;
  isNew: boolean;
  /** The ticket existed but was closed and came back (timeCreateNewTicket). */
  reopened: boolean;
}

/**
 * Finds or creates the ticket of an inbound message (docs/product/inbound.md#ticket): the contact's active
 * ticket on that connection; else, with timeCreateNewTicket, the newest ticket touched within
 * that many minutes, set pending again; else a new one: `group` for groups (unless the
 * connection treats groups as tickets), `lgpd` while consent is still to be asked, otherwise
 * `pending`. Two messages racing for a new ticket meet at the partial unique index: the
 * loser reads the winner's ticket.
 */
export async function inboundTicket(
  tx: TenantData,
  o: {
    contact: Contact;
    connection: Whatsapp;
    timeZone: string;
    now: Date;
    /** Our own first message (messages API): the ticket never starts by asking consent. */
    outbound?: boolean;
    /**
     * A history message (docs/product/connections.md#import-of-old-messages): a new ticket waits (or is a group) in the connection's
     * queueIdImportMessages, marked imported; no consent asked, no recent ticket reopened.
     */
    imported?: boolean;
  },
): Promise<InboundTicket> {
  const { contact, connection } = o;
  const active = await lockActive(tx, contact.id, connection.id);
  if (active) return { ticket: active, isNew: false, reopened: false };

  if (connection.timeCreateNewTicket > 0 && !contact.isGroup && !o.imported) {
    const since = new Date(o.now.getTime() - connection.timeCreateNewTicket * 60_000);
    const [recent] = await tx.query<Ticket>(
      `SELECT ${TICKET_COLUMNS} FROM tickets
        WHERE "companyId" = $1 AND "contactId" = $2 AND "whatsappId" = $3 AND "updatedAt" >= $4
        ORDER BY "updatedAt" DESC LIMIT 1 FOR UPDATE`,
      [tx.companyId, contact.id, connection.id, since],
    );
    if (recent) {
      await tx
        .of(TicketEntity)
        .update({ id: recent.id }, { status: 'pending', userId: null, unreadMessages: 0 });
      Object.assign(recent, { status: 'pending', userId: null, unreadMessages: 0 });
      await logTicket(tx, { ticketId: recent.id, type: 'reopen', queueId: recent.queueId });
      await startTracking(tx, {
        ticketId: recent.id,
        whatsappId: connection.id,
        queueId: recent.queueId,
        userId: null,
      });
      return { ticket: recent, isNew: false, reopened: true };
    }
  }

  const status =
    (o.outbound || o.imported) && !contact.isGroup
      ? 'pending'
      : await newTicketStatus(tx, contact, connection);
  try {
    const created = await createTicketRow(
      tx,
      {
        contactId: contact.id,
        whatsappId: connection.id,
        channel: connection.channel,
        queueId: o.imported ? connection.queueIdImportMessages : null,
        userId: null,
        status,
        isGroup: contact.isGroup,
      },
      o.timeZone,
    );
    if (status === 'lgpd')
      await logTicket(tx, { ticketId: created.id, type: 'lgpd', queueId: null });
    if (o.imported) {
      await tx.of(TicketEntity).update({ id: created.id }, { imported: o.now });
      created.imported = o.now;
    }
    // The new row is this transaction's own (locked until commit) and came back whole.
    return { ticket: created, isNew: true, reopened: false };
  } catch (err) {
    // Another message of this contact created the ticket first: that is the one.
    if (err instanceof AppError && err.code === 'ERR_OTHER_OPEN_TICKET') {
      const winner = await lockActive(tx, contact.id, connection.id);
      if (winner) return { ticket: winner, isNew: false, reopened: false };
    }
    throw err;
  }
}

async function lockActive(tx: TenantData, contactId: number, whatsappId: number) {
  const [row] = await tx.prepared<Ticket>(
    'inbound-active-ticket',
    `SELECT ${TICKET_COLUMNS} FROM tickets
      WHERE "companyId" = $1 AND "contactId" = $2 AND "whatsappId" = $3 AND status = ANY($4::text[])
      ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [tx.companyId, contactId, whatsappId, [...ACTIVE_TICKET_STATUSES]],
  );
  return row ?? null;
}

async function newTicketStatus(
  tx: TenantData,
  contact: Contact,
  connection: Whatsapp,
): Promise<string> {
  if (contact.isGroup) return connection.groupAsTicket === 'enabled' ? 'pending' : 'group';
  const s = await readSettings(tx, ['enableLGPD', 'lgpdMessage', 'lgpdConsent']);
  const lgpdMessage = connection.lgpdMessage?.trim() || s.lgpdMessage?.trim();
  const asks =
    isOn(s.enableLGPD) && !!lgpdMessage && (isOn(s.lgpdConsent) || !contact.lgpdAcceptedAt);
  return asks ? 'lgpd' : 'pending';
}
