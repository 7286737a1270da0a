import { EntitySchema } from 'typeorm';
import {
  int,
  primaryId,
  tenantColumn,
  tenantRelation,
  text,
  timestamps,
  varchar,
} from './columns.js';
import type { Company } from './company.js';

/** An external bot a queue, option or connection hands tickets to. */
export interface QueueIntegration {
  id: number;
  companyId: number;
  company?: Company;
  /** dialogflow, n8n, webhook or typebot. */
  type: string;
  name: string;
  projectName: string | null;
  /** Dialogflow service-account JSON: a secret. */
  jsonContent: string | null;
  language: string | null;
  urlN8N: string | null;
  typebotSlug: string | null;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotUnknownMessage: string | null;
  typebotRestartMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const QueueIntegrationEntity = new EntitySchema<QueueIntegration>({
  name: 'QueueIntegration',
  tableName: 'queue_integrations',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    type: varchar(),
    name: varchar(),
    projectName: varchar({ nullable: true }),
    jsonContent: text({ nullable: true }),
    language: varchar({ nullable: true }),
    urlN8N: varchar({ nullable: true }),
    typebotSlug: varchar({ nullable: true }),
    typebotExpires: int({ default: 1 }),
    typebotDelayMessage: int({ default: 1000 }),
    typebotKeywordFinish: varchar({ nullable: true }),
    typebotKeywordRestart: varchar({ nullable: true }),
    typebotUnknownMessage: text({ nullable: true }),
    typebotRestartMessage: text({ nullable: true }),
    ...timestamps(),
  },
  relations: { ...tenantRelation() },
  uniques: [{ columns: ['companyId', 'name'] }],
});
