import { EntitySchema } from 'typeorm';
import {
  int,
  manyToOne,
  oneToMany,
  primaryId,
  tenantColumn,
  tenantRelation,
  text,
  timestamps,
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { ContactTag } from './contact.js';
import type { TicketTag } from './ticket.js';
import type { User } from './user.js';

/** A tag (kanban 0) or a kanban lane (kanban 1). */
export interface Tag {
  id: number;
  companyId: number;
  company?: Company;
  name: string;
  color: string | null;
  kanban: number;
  userId: number | null;
  user?: User | null;
  /** Hours after which a ticket moves on to nextLaneId. */
  timeLane: number;
  nextLaneId: number | null;
  nextLane?: Tag | null;
  greetingMessageLane: string | null;
  rollbackLaneId: number | null;
  rollbackLane?: Tag | null;
  contactTags?: ContactTag[];
  ticketTags?: TicketTag[];
  createdAt: Date;
  updatedAt: Date;
}

export const TagEntity = new EntitySchema<Tag>({
  name: 'Tag',
  tableName: 'tags',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    name: varchar(),
    color: varchar({ nullable: true }),
    kanban: int({ default: 0 }),
    userId: int({ nullable: true }),
    timeLane: int({ default: 0 }),
    nextLaneId: int({ nullable: true }),
    greetingMessageLane: text({ nullable: true }),
    rollbackLaneId: int({ nullable: true }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    user: manyToOne('User', 'userId', 'SET NULL'),
    nextLane: manyToOne('Tag', 'nextLaneId', 'SET NULL'),
    rollbackLane: manyToOne('Tag', 'rollbackLaneId', 'SET NULL'),
    contactTags: oneToMany('ContactTag', 'tag'),
    ticketTags: oneToMany('TicketTag', 'tag'),
  },
  uniques: [{ columns: ['companyId', 'name', 'kanban'] }],
});
