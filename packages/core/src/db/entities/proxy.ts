import { EntitySchema } from 'typeorm';
import {
  bool,
  int,
  primaryId,
  tenantColumn,
  tenantRelation,
  timestamps,
  varchar,
} from './columns.js';
import type { Company } from './company.js';

/** An outbound proxy for the company's connections that have useProxy on. */
export interface Proxy {
  id: number;
  companyId: number;
  company?: Company;
  host: string;
  port: number;
  /** http, https or socks5. */
  protocol: string;
  username: string | null;
  /** A secret: never returned. */
  password: string | null;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const ProxyEntity = new EntitySchema<Proxy>({
  name: 'Proxy',
  tableName: 'proxies',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    host: varchar(),
    port: int(),
    protocol: varchar({ default: 'http' }),
    username: varchar({ nullable: true }),
    password: varchar({ nullable: true }),
    enabled: bool(true),
    ...timestamps(),
  },
  relations: { ...tenantRelation() },
  indices: [{ columns: ['companyId'] }],
});
