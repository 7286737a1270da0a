import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The same company range as TenantRlsRange, with each bound read through a scalar subquery:
 * PostgreSQL then computes it once per query (an InitPlan) instead of calling current_setting
 * twice for every row a join or a correlated subquery touches — which is where wall 2 cost
 * list routes (users with their queues, settings and connection) most of their time.
 */
const RANGE_POLICY = `"companyId" BETWEEN NULLIF(current_setting('atendo.company_min', true), '')::integer
  AND NULLIF(current_setting('atendo.company_max', true), '')::integer`;
const POLICY = `"companyId" BETWEEN (SELECT NULLIF(current_setting('atendo.company_min', true), '')::integer)
  AND (SELECT NULLIF(current_setting('atendo.company_max', true), '')::integer)`;

/** Every table under the tenant policy, whichever migration put it there. */
async function policyTables(queryRunner: QueryRunner): Promise<string[]> {
  const rows = (await queryRunner.query(
    `SELECT DISTINCT c.relname AS "table" FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid
      WHERE p.polname = 'tenant_isolation' ORDER BY 1`,
  )) as { table: string }[];
  return rows.map((r) => r.table);
}

/** Row-level security on a new tenant table, for migrations after this one. */
export async function enableTenantRls(queryRunner: QueryRunner, table: string): Promise<void> {
  await queryRunner.query(`ALTER TABLE "${table}" ENABLE ROW LEVEL SECURITY`);
  await queryRunner.query(`ALTER TABLE "${table}" FORCE ROW LEVEL SECURITY`);
  await queryRunner.query(
    `CREATE POLICY tenant_isolation ON "${table}" USING (${POLICY}) WITH CHECK (${POLICY})`,
  );
}

async function replacePolicies(queryRunner: QueryRunner, policy: string): Promise<void> {
  for (const table of await policyTables(queryRunner)) {
    await queryRunner.query(`DROP POLICY IF EXISTS tenant_isolation ON "${table}"`);
    await queryRunner.query(
      `CREATE POLICY tenant_isolation ON "${table}" USING (${policy}) WITH CHECK (${policy})`,
    );
  }
}

export class TenantRlsInitplan1796700000000 implements MigrationInterface {
  name = 'TenantRlsInitplan1796700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await replacePolicies(queryRunner, POLICY);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await replacePolicies(queryRunner, RANGE_POLICY);
  }
}
