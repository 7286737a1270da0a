import { EntitySchema } from 'typeorm';
import { manyToOne, primaryId, tenantColumn, text, timestamps, varchar } from './columns.js';
import type { Company } from './company.js';

/**
 * One company setting. Company settings ARE these per-company key/value rows (the spec's
 * Setting and companieSettings alike): one store, no separate wide table. Platform-wide
 * whitelabel keys live on company 1.
 */
export interface Setting {
  id: number;
  companyId: number;
  company?: Company;
  key: string;
  value: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const SettingEntity = new EntitySchema<Setting>({
  name: 'Setting',
  tableName: 'settings',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    key: varchar(),
    value: text({ nullable: true }),
    ...timestamps(),
  },
  relations: {
    company: manyToOne('Company', 'companyId', 'CASCADE', { inverseSide: 'settings' }),
  },
  uniques: [{ columns: ['companyId', 'key'] }],
});
