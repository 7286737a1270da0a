import { EntitySchema } from 'typeorm';
import { int, manyToOne, primaryId, tenantColumn, tenantRelation, timestamps } from './columns.js';
import type { Company } from './company.js';
import type { Ticket } from './ticket.js';
import type { User } from './user.js';

/** The contact's rating (0–10, NPS) of a ticket's service; at most one per ticket. */
export interface UserRating {
  id: number;
  companyId: number;
  company?: Company;
  ticketId: number;
  ticket?: Ticket;
  userId: number | null;
  user?: User | null;
  rate: number;
  createdAt: Date;
  updatedAt: Date;
}

export const UserRatingEntity = new EntitySchema<UserRating>({
  name: 'UserRating',
  tableName: 'user_ratings',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    ticketId: int({ unique: true }),
    userId: int({ nullable: true }),
    rate: int(),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    ticket: manyToOne('Ticket', 'ticketId', 'CASCADE'),
    user: manyToOne('User', 'userId', 'SET NULL'),
  },
  indices: [{ columns: ['companyId', 'createdAt'] }, { columns: ['userId'] }],
  checks: [{ name: 'CHK_user_ratings_rate', expression: `"rate" BETWEEN 0 AND 10` }],
});
