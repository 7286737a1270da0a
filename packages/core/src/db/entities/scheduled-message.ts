import { EntitySchema } from 'typeorm';
import {
  bool,
  int,
  manyToOne,
  primaryId,
  tenantColumn,
  tenantRelation,
  text,
  timestamps,
  timestamptz,
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { Contact } from './contact.js';
import type { Queue } from './queue.js';
import type { Ticket } from './ticket.js';
import type { User } from './user.js';
import type { Whatsapp } from './whatsapp.js';

/**
 * A scheduled message (docs/product/schedules.md "Schedule"; routes /schedules). Named ScheduledMessage to keep
 * it apart from working-hours schedule entries.
 */
export interface ScheduledMessage {
  id: number;
  companyId: number;
  company?: Company;
  body: string;
  contactId: number;
  contact?: Contact;
  sendAt: Date;
  sentAt: Date | null;
  whatsappId: number | null;
  whatsapp?: Whatsapp | null;
  /** Author. */
  userId: number | null;
  user?: User | null;
  /** Attendant the opened ticket is assigned to. */
  ticketUserId: number | null;
  ticketUser?: User | null;
  queueId: number | null;
  queue?: Queue | null;
  openTicket: string;
  statusTicket: string;
  assinar: boolean;
  /** 1 days, 2 weeks, 3 months, 4 minutes. */
  intervalo: number;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  /** 4 as is, 5 previous business day, 6 next business day. */
  tipoDias: number;
  mediaPath: string | null;
  mediaName: string | null;
  /** PENDENTE, AGENDADA, ENVIADA or ERRO. */
  status: string;
  /** How many sends happened so far (recurrence stops at enviarQuantasVezes). */
  sentCount: number;
  /** The reason of the last failure (status ERRO). */
  lastError: string | null;
  /** The ticket the last send went to. */
  ticketId: number | null;
  ticket?: Ticket | null;
  /**
   * Where the recurrence counts from: the send time the user chose last, and which occurrence
   * of that series sendAt is (months keep the anchor's day, clamped to each month end).
   */
  recurrenceAnchorAt: Date | null;
  recurrenceIndex: number;
  /** Messages stored by the last send and not yet taken by the channel (a retry resends these). */
  pendingMessageIds: number[] | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ScheduledMessageEntity = new EntitySchema<ScheduledMessage>({
  name: 'ScheduledMessage',
  tableName: 'scheduled_messages',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    body: text(),
    contactId: int(),
    sendAt: timestamptz(),
    sentAt: timestamptz({ nullable: true }),
    whatsappId: int({ nullable: true }),
    userId: int({ nullable: true }),
    ticketUserId: int({ nullable: true }),
    queueId: int({ nullable: true }),
    openTicket: varchar({ default: 'disabled' }),
    statusTicket: varchar({ default: 'closed' }),
    assinar: bool(false),
    intervalo: int({ default: 1 }),
    valorIntervalo: int({ default: 0 }),
    enviarQuantasVezes: int({ default: 1 }),
    tipoDias: int({ default: 4 }),
    mediaPath: varchar({ nullable: true }),
    mediaName: varchar({ nullable: true }),
    status: varchar({ default: 'PENDENTE' }),
    sentCount: int({ default: 0 }),
    lastError: text({ nullable: true }),
    ticketId: int({ nullable: true }),
    recurrenceAnchorAt: timestamptz({ nullable: true }),
    recurrenceIndex: int({ default: 0 }),
    pendingMessageIds: int({ array: true, nullable: true }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    contact: manyToOne('Contact', 'contactId', 'CASCADE'),
    whatsapp: manyToOne('Whatsapp', 'whatsappId', 'SET NULL'),
    user: manyToOne('User', 'userId', 'SET NULL'),
    ticketUser: manyToOne('User', 'ticketUserId', 'SET NULL'),
    queue: manyToOne('Queue', 'queueId', 'SET NULL'),
    ticket: manyToOne('Ticket', 'ticketId', 'SET NULL'),
  },
  indices: [
    { columns: ['companyId', 'sendAt'] },
    // The due-schedule sweep: unsent rows by time.
    { columns: ['status', 'sendAt'] },
    { columns: ['contactId'] },
  ],
});
