import { EntitySchema } from 'typeorm';
import {
  bool,
  int,
  manyToOne,
  primaryId,
  tenantColumn,
  tenantRelation,
  timestamps,
  timestamptz,
} from './columns.js';
import type { Company } from './company.js';
import type { Queue } from './queue.js';
import type { Ticket } from './ticket.js';
import type { User } from './user.js';
import type { Whatsapp } from './whatsapp.js';

/**
 * Timing of one service cycle of a ticket (a new row when a closed ticket is reopened); the
 * dashboard's wait and support times come from here.
 */
export interface TicketTraking {
  id: number;
  companyId: number;
  company?: Company;
  ticketId: number;
  ticket?: Ticket;
  whatsappId: number | null;
  whatsapp?: Whatsapp | null;
  userId: number | null;
  user?: User | null;
  queueId: number | null;
  queue?: Queue | null;
  /** Set once per queue entry, never overwritten by later updates. */
  queuedAt: Date | null;
  startedAt: Date | null;
  closedAt: Date | null;
  finishedAt: Date | null;
  ratingAt: Date | null;
  chatbotAt: Date | null;
  rated: boolean;
  expired: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const TicketTrakingEntity = new EntitySchema<TicketTraking>({
  name: 'TicketTraking',
  tableName: 'ticket_traking',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    ticketId: int(),
    whatsappId: int({ nullable: true }),
    userId: int({ nullable: true }),
    queueId: int({ nullable: true }),
    queuedAt: timestamptz({ nullable: true }),
    startedAt: timestamptz({ nullable: true }),
    closedAt: timestamptz({ nullable: true }),
    finishedAt: timestamptz({ nullable: true }),
    ratingAt: timestamptz({ nullable: true }),
    chatbotAt: timestamptz({ nullable: true }),
    rated: bool(false),
    expired: bool(false),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    ticket: manyToOne('Ticket', 'ticketId', 'CASCADE'),
    whatsapp: manyToOne('Whatsapp', 'whatsappId', 'SET NULL'),
    user: manyToOne('User', 'userId', 'SET NULL'),
    queue: manyToOne('Queue', 'queueId', 'SET NULL'),
  },
  indices: [
    { columns: ['companyId', 'createdAt'] },
    { columns: ['ticketId'] },
    { columns: ['userId'] },
  ],
});
