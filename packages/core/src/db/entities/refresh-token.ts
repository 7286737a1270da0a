import { EntitySchema } from 'typeorm';
import {
  createdOnly,
  generatedUuid,
  int,
  manyToOne,
  tenantColumn,
  tenantRelation,
  timestamptz,
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { User } from './user.js';

/**
 * One issued refresh token (only its hash is stored). Rotation: using a token revokes it and
 * sets replacedById to its successor in the same family; presenting a revoked token again is
 * reuse, and revokes the whole family.
 */
export interface RefreshToken {
  id: string;
  userId: number;
  user?: User;
  companyId: number;
  company?: Company;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  revokedAt: Date | null;
  replacedById: string | null;
  replacedBy?: RefreshToken | null;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
}

export const RefreshTokenEntity = new EntitySchema<RefreshToken>({
  name: 'RefreshToken',
  tableName: 'refresh_tokens',
  columns: {
    id: generatedUuid({ primary: true }),
    userId: int(),
    ...tenantColumn(),
    familyId: { type: 'uuid' },
    tokenHash: varchar({ unique: true }),
    expiresAt: timestamptz(),
    revokedAt: timestamptz({ nullable: true }),
    replacedById: { type: 'uuid', nullable: true },
    userAgent: varchar({ nullable: true }),
    ip: varchar({ nullable: true }),
    ...createdOnly(),
  },
  relations: {
    ...tenantRelation(),
    user: manyToOne('User', 'userId', 'CASCADE'),
    replacedBy: manyToOne('RefreshToken', 'replacedById', 'SET NULL'),
  },
  indices: [
    { columns: ['companyId'] },
    { columns: ['userId'] },
    { columns: ['familyId'] },
    { columns: ['expiresAt'] },
  ],
});
