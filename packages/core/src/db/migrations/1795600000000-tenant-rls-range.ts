import type { MigrationInterface, QueryRunner } from 'typeorm';
import { TENANT_TABLES } from './1795400000000-tenant-row-level-security.js';

/**
 * A row is visible and writable when its company lies in the connection's company range:
 * `[atendo.company_min, atendo.company_max]`, which tenant-scope.ts sets to `[id, id]` for a
 * company's scope and to every id for a named platform path. Unset (no scope), the bounds are
 * NULL and nothing matches.
 *
 * One range condition instead of the first policy's `platform OR company = id`: PostgreSQL
 * evaluates the bounds once per scan and uses them as an index condition on "companyId",
 * where the OR was a filter evaluated on every row.
 */
const POLICY = `"companyId" BETWEEN NULLIF(current_setting('atendo.company_min', true), '')::integer
  AND NULLIF(current_setting('atendo.company_max', true), '')::integer`;

/** Row-level security on one tenant table: enabled, forced on the owner too, one policy. */
export async function enableTenantRls(queryRunner: QueryRunner, table: string): Promise<void> {
  await queryRunner.query(`ALTER TABLE "${table}" ENABLE ROW LEVEL SECURITY`);
  await queryRunner.query(`ALTER TABLE "${table}" FORCE ROW LEVEL SECURITY`);
  await queryRunner.query(
    `CREATE POLICY tenant_isolation ON "${table}" USING (${POLICY}) WITH CHECK (${POLICY})`,
  );
}

/** Replaces every tenant table's policy with the range form (written by hand). */
export class TenantRlsRange1795600000000 implements MigrationInterface {
  name = 'TenantRlsRange1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TENANT_TABLES) {
      await queryRunner.query(`DROP POLICY IF EXISTS tenant_isolation ON "${table}"`);
      await enableTenantRls(queryRunner, table);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const old = `current_setting('atendo.platform', true) = 'on'
      OR "companyId" = NULLIF(current_setting('atendo.company_id', true), '')::integer`;
    for (const table of TENANT_TABLES) {
      await queryRunner.query(`DROP POLICY IF EXISTS tenant_isolation ON "${table}"`);
      await queryRunner.query(
        `CREATE POLICY tenant_isolation ON "${table}" USING (${old}) WITH CHECK (${old})`,
      );
    }
  }
}
