import { EntitySchema } from 'typeorm';
import {
  float,
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
import type { Queue } from './queue.js';

/** An OpenAI assistant configuration a connection or queue hands tickets to. */
export interface Prompt {
  id: number;
  companyId: number;
  company?: Company;
  name: string;
  prompt: string;
  /** "texto" answers in text; otherwise an Azure voice name. */
  voice: string;
  voiceKey: string | null;
  voiceRegion: string | null;
  maxTokens: number;
  temperature: number;
  /** A secret: never returned in full. */
  apiKey: string;
  /** The chat model; null uses the platform default. */
  model: string | null;
  /** Queue a ticket goes to when the assistant hands over to a human. */
  queueId: number | null;
  queue?: Queue | null;
  maxMessages: number;
  createdAt: Date;
  updatedAt: Date;
}

export const PromptEntity = new EntitySchema<Prompt>({
  name: 'Prompt',
  tableName: 'prompts',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    name: varchar(),
    prompt: text(),
    voice: varchar({ default: 'texto' }),
    voiceKey: varchar({ nullable: true }),
    voiceRegion: varchar({ nullable: true }),
    maxTokens: int({ default: 100 }),
    temperature: float({ default: 1 }),
    apiKey: varchar(),
    model: varchar({ nullable: true }),
    queueId: int({ nullable: true }),
    maxMessages: int({ default: 10 }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    queue: manyToOne('Queue', 'queueId', 'SET NULL'),
  },
  indices: [{ columns: ['companyId'] }],
});
