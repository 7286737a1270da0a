import { EntitySchema } from 'typeorm';
import { primaryId, text, timestamps, varchar } from './columns.js';

/** A help article (platform-level: no companyId). */
export interface Help {
  id: number;
  title: string;
  description: string | null;
  /** A video code (e.g. a YouTube id). */
  video: string | null;
  link: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const HelpEntity = new EntitySchema<Help>({
  name: 'Help',
  tableName: 'helps',
  columns: {
    id: primaryId(),
    title: varchar(),
    description: text({ nullable: true }),
    video: varchar({ nullable: true }),
    link: varchar({ nullable: true }),
    ...timestamps(),
  },
});
