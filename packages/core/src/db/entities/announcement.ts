import { EntitySchema } from 'typeorm';
import {
  bool,
  int,
  primaryId,
  tenantColumn,
  tenantRelation,
  text,
  timestamps,
  varchar,
} from './columns.js';
import type { Company } from './company.js';

/** A notice shown to users; written by the platform (company 1) for everyone. */
export interface Announcement {
  id: number;
  companyId: number;
  company?: Company;
  title: string;
  text: string;
  status: boolean;
  /** 1 high, 2 medium, 3 low. */
  priority: number;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const AnnouncementEntity = new EntitySchema<Announcement>({
  name: 'Announcement',
  tableName: 'announcements',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    title: varchar(),
    text: text(),
    status: bool(true),
    priority: int({ default: 3 }),
    mediaPath: varchar({ nullable: true }),
    mediaName: varchar({ nullable: true }),
    ...timestamps(),
  },
  relations: { ...tenantRelation() },
  indices: [{ columns: ['companyId'] }],
});
