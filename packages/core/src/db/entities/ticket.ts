import { EntitySchema } from 'typeorm';
import {
  bool,
  generatedUuid,
  int,
  jsonb,
  manyToOne,
  oneToMany,
  primaryId,
  tenantColumn,
  tenantJoinEntity,
  tenantRelation,
  text,
  timestamps,
  timestamptz,
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { Contact } from './contact.js';
import type { Prompt } from './prompt.js';
import type { Queue, QueueOption } from './queue.js';
import type { QueueIntegration } from './queue-integration.js';
import type { Tag } from './tag.js';
import type { User } from './user.js';
import type { Whatsapp } from './whatsapp.js';

/** Statuses in which a ticket is active: at most one per contact and connection. */
export const ACTIVE_TICKET_STATUSES = ['pending', 'open', 'group', 'nps', 'lgpd'] as const;

/** Name of the partial unique index behind ERR_OTHER_OPEN_TICKET (catch its 23505 by name). */
export const ACTIVE_TICKET_INDEX = 'UQ_tickets_active_contact_whatsapp';

/** One conversation with a contact on a connection. */
/** A ticket's chatbot integration memory (tickets.botState). */
export interface TicketBotState {
  /** The choices of the Typebot question last asked, in the order they were numbered. */
  choices?: string[];
}

export interface Ticket {
  id: number;
  uuid: string;
  companyId: number;
  company?: Company;
  /** pending, open, closed, group, lgpd or nps. */
  status: string;
  channel: string;
  contactId: number;
  contact?: Contact;
  userId: number | null;
  user?: User | null;
  queueId: number | null;
  queue?: Queue | null;
  whatsappId: number | null;
  whatsapp?: Whatsapp | null;
  lastMessage: string | null;
  unreadMessages: number;
  isGroup: boolean;
  isBot: boolean;
  isTransfered: boolean;
  amountUsedBotQueues: number;
  amountUsedBotQueuesNPS: number;
  useIntegration: boolean;
  integrationId: number | null;
  integration?: QueueIntegration | null;
  promptId: number | null;
  prompt?: Prompt | null;
  lgpdAccepted: boolean;
  lgpdAcceptedAt: Date | null;
  /** The contact is inside the queue option tree (chatbot menu). */
  chatbot: boolean;
  queueOptionId: number | null;
  queueOption?: QueueOption | null;
  typebotSessionId: string | null;
  typebotStatus: boolean;
  /** What a chatbot integration keeps between turns: the last Typebot question's choices. */
  botState: TicketBotState | null;
  /** Whether the last message was ours (whenExpiresTicket = '1'). */
  fromMe: boolean;
  /** The inactivity warning was sent for the current idle period. */
  sendInactiveMessage: boolean;
  /** When the ticket was created by a history import (null otherwise). */
  imported: Date | null;
  /** Generated once at creation, unique per company. */
  protocol: string;
  ticketTags?: TicketTag[];
  createdAt: Date;
  updatedAt: Date;
}

export const TicketEntity = new EntitySchema<Ticket>({
  name: 'Ticket',
  tableName: 'tickets',
  columns: {
    id: primaryId(),
    uuid: generatedUuid({ unique: true }),
    ...tenantColumn(),
    status: varchar({ default: 'pending' }),
    channel: varchar({ default: 'whatsapp' }),
    contactId: int(),
    userId: int({ nullable: true }),
    queueId: int({ nullable: true }),
    whatsappId: int({ nullable: true }),
    lastMessage: text({ nullable: true }),
    unreadMessages: int({ default: 0 }),
    isGroup: bool(false),
    isBot: bool(false),
    isTransfered: bool(false),
    amountUsedBotQueues: int({ default: 0 }),
    amountUsedBotQueuesNPS: int({ default: 0 }),
    useIntegration: bool(false),
    integrationId: int({ nullable: true }),
    promptId: int({ nullable: true }),
    lgpdAccepted: bool(false),
    lgpdAcceptedAt: timestamptz({ nullable: true }),
    chatbot: bool(false),
    queueOptionId: int({ nullable: true }),
    typebotSessionId: varchar({ nullable: true }),
    typebotStatus: bool(false),
    botState: jsonb({ nullable: true }),
    fromMe: bool(false),
    sendInactiveMessage: bool(false),
    imported: timestamptz({ nullable: true }),
    protocol: varchar(),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    contact: manyToOne('Contact', 'contactId', 'CASCADE'),
    user: manyToOne('User', 'userId', 'SET NULL'),
    queue: manyToOne('Queue', 'queueId', 'SET NULL'),
    whatsapp: manyToOne('Whatsapp', 'whatsappId', 'SET NULL'),
    integration: manyToOne('QueueIntegration', 'integrationId', 'SET NULL'),
    prompt: manyToOne('Prompt', 'promptId', 'SET NULL'),
    queueOption: manyToOne('QueueOption', 'queueOptionId', 'SET NULL'),
    ticketTags: oneToMany('TicketTag', 'ticket'),
  },
  uniques: [{ columns: ['companyId', 'protocol'] }],
  indices: [
    // The tickets list: a tab of a company in activity order, read in order (either way) and
    // stopped after a page. Queue, owner and group filters apply during that scan, and the
    // tab's count is an index-only scan, from the columns that follow.
    { columns: ['companyId', 'status', 'updatedAt', 'id', 'queueId', 'userId', 'isGroup'] },
    // A period of a company's tickets (dashboard leads, /dashboard/moments).
    { columns: ['companyId', 'createdAt'] },
    {
      name: ACTIVE_TICKET_INDEX,
      columns: ['contactId', 'whatsappId'],
      unique: true,
      where: `"status" IN (${ACTIVE_TICKET_STATUSES.map((s) => `'${s}'`).join(', ')})`,
    },
    // A contact's tickets (a conversation's history; the contact's cascade). With the company:
    // the planner, which takes the tenant policy's company bounds for selective, otherwise
    // ANDs this with a scan of the company's whole range (bench:tickets, /messages: 7 ms).
    { columns: ['contactId', 'companyId'] },
    { columns: ['userId'] },
    { columns: ['whatsappId', 'status'] },
  ],
});

/** A tag (or kanban lane) on a ticket. */
export interface TicketTag {
  ticketId: number;
  tagId: number;
  companyId: number;
  ticket?: Ticket;
  tag?: Tag;
  company?: Company;
  createdAt: Date;
  updatedAt: Date;
}

export const TicketTagEntity = tenantJoinEntity<TicketTag>({
  name: 'TicketTag',
  tableName: 'ticket_tags',
  owner: { relation: 'ticket', target: 'Ticket', inverseSide: 'ticketTags' },
  member: { relation: 'tag', target: 'Tag', inverseSide: 'ticketTags' },
});
