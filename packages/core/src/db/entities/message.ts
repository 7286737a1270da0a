import { EntitySchema } from 'typeorm';
import {
  bool,
  int,
  jsonb,
  manyToOne,
  primaryId,
  tenantColumn,
  tenantRelation,
  text,
  timestamps,
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { Contact } from './contact.js';
import type { Queue } from './queue.js';
import type { Ticket } from './ticket.js';
import type { TicketTraking } from './ticket-traking.js';
import type { User } from './user.js';
import type { Whatsapp } from './whatsapp.js';

/** Name of the unique index that deduplicates channel redeliveries per connection. */
export const MESSAGE_WID_INDEX = 'UQ_messages_whatsapp_wid';

/** One message of a ticket, inbound or outbound (private notes included). */
export interface Message {
  id: number;
  companyId: number;
  company?: Company;
  /** The channel's own message id (WhatsApp key id, Graph mid); null for private messages. */
  wid: string | null;
  body: string | null;
  fromMe: boolean;
  read: boolean;
  /** 0 pending … 5 played. */
  ack: number;
  mediaType: string | null;
  mediaUrl: string | null;
  quotedMsgId: number | null;
  quotedMsg?: Message | null;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  isPrivate: boolean;
  isScheduled: boolean;
  /** Group sender's jid. */
  participant: string | null;
  remoteJid: string | null;
  /** The raw channel payload, for reprocessing, edits and downloads. */
  dataJson: unknown;
  ticketId: number;
  ticket?: Ticket;
  contactId: number | null;
  contact?: Contact | null;
  queueId: number | null;
  queue?: Queue | null;
  /** The connection the message travelled on (the dedup scope). */
  whatsappId: number | null;
  whatsapp?: Whatsapp | null;
  /** The attendant who sent it, for our outbound messages. */
  userId: number | null;
  user?: User | null;
  ticketTrakingId: number | null;
  ticketTraking?: TicketTraking | null;
  createdAt: Date;
  updatedAt: Date;
}

export const MessageEntity = new EntitySchema<Message>({
  name: 'Message',
  tableName: 'messages',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    wid: varchar({ nullable: true }),
    body: text({ nullable: true }),
    fromMe: bool(false),
    read: bool(false),
    ack: int({ default: 0 }),
    mediaType: varchar({ nullable: true }),
    mediaUrl: text({ nullable: true }),
    quotedMsgId: int({ nullable: true }),
    isDeleted: bool(false),
    isEdited: bool(false),
    isForwarded: bool(false),
    isPrivate: bool(false),
    isScheduled: bool(false),
    participant: varchar({ nullable: true }),
    remoteJid: varchar({ nullable: true }),
    dataJson: jsonb({ nullable: true }),
    ticketId: int(),
    contactId: int({ nullable: true }),
    queueId: int({ nullable: true }),
    whatsappId: int({ nullable: true }),
    userId: int({ nullable: true }),
    ticketTrakingId: int({ nullable: true }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    quotedMsg: manyToOne('Message', 'quotedMsgId', 'SET NULL'),
    ticket: manyToOne('Ticket', 'ticketId', 'CASCADE'),
    contact: manyToOne('Contact', 'contactId', 'SET NULL'),
    queue: manyToOne('Queue', 'queueId', 'SET NULL'),
    whatsapp: manyToOne('Whatsapp', 'whatsappId', 'SET NULL'),
    user: manyToOne('User', 'userId', 'SET NULL'),
    ticketTraking: manyToOne('TicketTraking', 'ticketTrakingId', 'SET NULL'),
  },
  indices: [
    { name: MESSAGE_WID_INDEX, columns: ['whatsappId', 'wid'], unique: true },
    { columns: ['ticketId', 'createdAt', 'id', 'companyId'] },
    { columns: ['companyId', 'createdAt'] },
    { columns: ['contactId'] },
    { columns: ['quotedMsgId'] },
    // Outbound messages the channel has not taken yet (resume-pending-sends.ts): a handful at
    // any time, found per connection when its session comes back.
    {
      name: 'IDX_messages_pending_send',
      columns: ['whatsappId', 'id'],
      where: '"fromMe" AND "wid" IS NULL AND "ack" = 0',
    },
  ],
});
