import { EntitySchema } from 'typeorm';
import {
  createdOnly,
  int,
  manyToOne,
  primaryId,
  tenantColumn,
  tenantRelation,
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { Queue } from './queue.js';
import type { Ticket } from './ticket.js';
import type { User } from './user.js';

/**
 * One ticket history entry: create, chatBot, queue, open, access, transfered,
 * receivedTransfer, pending, closed, reopen, redirect, autoClose, lgpd, ignored, and the AI
 * prompt's promptTransfer, promptTimeout, promptFailed.
 */
export interface LogTicket {
  id: number;
  companyId: number;
  company?: Company;
  ticketId: number;
  ticket?: Ticket;
  userId: number | null;
  user?: User | null;
  queueId: number | null;
  queue?: Queue | null;
  type: string;
  createdAt: Date;
}

export const LogTicketEntity = new EntitySchema<LogTicket>({
  name: 'LogTicket',
  tableName: 'logs_tickets',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    ticketId: int(),
    userId: int({ nullable: true }),
    queueId: int({ nullable: true }),
    type: varchar(),
    ...createdOnly(),
  },
  relations: {
    ...tenantRelation(),
    ticket: manyToOne('Ticket', 'ticketId', 'CASCADE'),
    user: manyToOne('User', 'userId', 'SET NULL'),
    queue: manyToOne('Queue', 'queueId', 'SET NULL'),
  },
  indices: [{ columns: ['companyId'] }, { columns: ['ticketId', 'createdAt'] }],
});
