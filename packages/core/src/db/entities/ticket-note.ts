import { EntitySchema } from 'typeorm';
import {
  int,
  manyToOne,
  primaryId,
  tenantColumn,
  tenantRelation,
  text,
  timestamps,
} from './columns.js';
import type { Company } from './company.js';
import type { Contact } from './contact.js';
import type { Ticket } from './ticket.js';
import type { User } from './user.js';

/** An internal note on a ticket (never sent to the contact). */
export interface TicketNote {
  id: number;
  companyId: number;
  company?: Company;
  note: string;
  userId: number | null;
  user?: User | null;
  contactId: number;
  contact?: Contact;
  ticketId: number;
  ticket?: Ticket;
  createdAt: Date;
  updatedAt: Date;
}

export const TicketNoteEntity = new EntitySchema<TicketNote>({
  name: 'TicketNote',
  tableName: 'ticket_notes',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    note: text(),
    userId: int({ nullable: true }),
    contactId: int(),
    ticketId: int(),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    user: manyToOne('User', 'userId', 'SET NULL'),
    contact: manyToOne('Contact', 'contactId', 'CASCADE'),
    ticket: manyToOne('Ticket', 'ticketId', 'CASCADE'),
  },
  indices: [{ columns: ['companyId'] }, { columns: ['ticketId'] }, { columns: ['contactId'] }],
});
