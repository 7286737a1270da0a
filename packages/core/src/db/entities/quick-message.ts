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
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { User } from './user.js';

/** A canned reply typed as "/shortcode"; mediaUrl is derived from mediaPath by the api. */
export interface QuickMessage {
  id: number;
  companyId: number;
  company?: Company;
  shortcode: string;
  message: string | null;
  /** Shared with every user of the company. */
  geral: boolean;
  /** Active (visible). */
  visao: boolean;
  status: string | null;
  /** Owner. */
  userId: number | null;
  user?: User | null;
  mediaPath: string | null;
  mediaName: string | null;
  isMedia: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const QuickMessageEntity = new EntitySchema<QuickMessage>({
  name: 'QuickMessage',
  tableName: 'quick_messages',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    shortcode: varchar(),
    message: text({ nullable: true }),
    geral: bool(false),
    visao: bool(true),
    status: varchar({ nullable: true }),
    userId: int({ nullable: true }),
    mediaPath: varchar({ nullable: true }),
    mediaName: varchar({ nullable: true }),
    isMedia: bool(false),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    user: manyToOne('User', 'userId', 'SET NULL'),
  },
  indices: [{ columns: ['companyId', 'shortcode'] }, { columns: ['userId'] }],
});
