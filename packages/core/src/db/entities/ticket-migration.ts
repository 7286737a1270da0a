import { EntitySchema } from 'typeorm';
import { int, manyToOne, tenantColumn, tenantRelation, timestamps, varchar } from './columns.js';
import type { Company } from './company.js';
import type { User } from './user.js';
import type { Whatsapp } from './whatsapp.js';

/**
 * One ticket migration request (docs/product/connections.md#connection-status): the tickets to move, the target connection, and
 * how far the batches got. The row is the migration's truth; its workflow only paces it.
 */
export interface TicketMigration {
  id: string;
  companyId: number;
  company?: Company;
  /** Who asked (the live progress goes to their room). */
  userId: number | null;
  user?: User | null;
  /** The target connection. */
  whatsappId: number;
  whatsapp?: Whatsapp;
  ticketIds: number[];
  /** How many of ticketIds were tried (a multiple of the batch size, or all). */
  position: number;
  migrated: number;
  failed: number;
  /** running | done */
  status: string;
  createdAt: Date;
  updatedAt: Date;
}

export const TicketMigrationEntity = new EntitySchema<TicketMigration>({
  name: 'TicketMigration',
  tableName: 'ticket_migrations',
  columns: {
    id: { type: 'uuid', primary: true, generated: 'uuid' },
    ...tenantColumn(),
    userId: int({ nullable: true }),
    whatsappId: int(),
    ticketIds: int({ array: true }),
    position: int({ default: 0 }),
    migrated: int({ default: 0 }),
    failed: int({ default: 0 }),
    status: varchar({ default: 'running' }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    user: manyToOne('User', 'userId', 'SET NULL'),
    whatsapp: manyToOne('Whatsapp', 'whatsappId', 'CASCADE'),
  },
  indices: [
    { columns: ['companyId', 'status'] },
    { columns: ['userId'] },
    { columns: ['whatsappId'] },
  ],
});
