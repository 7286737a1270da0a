import { EntitySchema } from 'typeorm';
import { primaryId, tenantColumn, tenantRelation, timestamps, varchar } from './columns.js';
import type { Company } from './company.js';

/**
 * WhatsApp LID ↔ phone number of one company, so a LID identity and a phone identity map to
 * one contact; a contact's number is never a LID.
 */
export interface LidMapping {
  id: number;
  companyId: number;
  company?: Company;
  lid: string;
  number: string;
  createdAt: Date;
  updatedAt: Date;
}

export const LidMappingEntity = new EntitySchema<LidMapping>({
  name: 'LidMapping',
  tableName: 'lid_mappings',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    lid: varchar(),
    number: varchar(),
    ...timestamps(),
  },
  relations: { ...tenantRelation() },
  uniques: [{ columns: ['companyId', 'lid'] }],
  indices: [{ columns: ['companyId', 'number'] }],
});
