import { EntitySchema } from 'typeorm';
import { bool, primaryId, tenantColumn, tenantRelation, timestamps, varchar } from './columns.js';
import type { Company } from './company.js';

/** The company setting naming the default transcription service: default, openai or groq. */
export const TRANSCRIPTION_SERVICE_SETTING = 'transcriptionService';

/**
 * An API key for an audio-transcription service (openai or groq). Which service a company
 * uses by default is the company setting `transcriptionService` (default, openai or groq).
 */
export interface TranscriptionCredential {
  id: number;
  companyId: number;
  company?: Company;
  service: string;
  /** A secret: never returned in full. */
  apiKey: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const TranscriptionCredentialEntity = new EntitySchema<TranscriptionCredential>({
  name: 'TranscriptionCredential',
  tableName: 'transcription_credentials',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    service: varchar(),
    apiKey: varchar(),
    isActive: bool(true),
    ...timestamps(),
  },
  relations: { ...tenantRelation() },
  uniques: [{ columns: ['companyId', 'service'] }],
});
