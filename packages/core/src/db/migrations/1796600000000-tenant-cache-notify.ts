import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The channel every api process LISTENs on to drop what it cached of a company (tenant-cache.ts). */
export const TENANT_CACHE_CHANNEL = 'atendo_tenant_cache';

/**
 * The tables whose rows make up a caller and their user view (authenticate, GET /auth/me),
 * each with the column naming its company. Any committed write to them, by any process (api
 * replicas, the worker, the CLI, an operator's psql), tells every api process to drop that
 * company's cached callers and views.
 */
export const TENANT_CACHE_TABLES: [table: string, companyColumn: string][] = [
  ['companies', 'id'],
  ['users', 'companyId'],
  ['user_queues', 'companyId'],
  ['queues', 'companyId'],
  ['whatsapps', 'companyId'],
  ['settings', 'companyId'],
];

/**
 * NOTIFY on writes to the cached tables (payload: the company id). NOTIFY is transactional:
 * it is sent at commit and dropped on rollback, and repeats within a transaction are sent once.
 * The users heartbeat (only "lastSeenAt" changes) notifies nobody.
 */
export class TenantCacheNotify1796600000000 implements MigrationInterface {
  name = 'TenantCacheNotify1796600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION atendo_tenant_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        row_data jsonb := to_jsonb(COALESCE(NEW, OLD));
      BEGIN
        IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'users'
           AND (to_jsonb(OLD) - 'lastSeenAt') = (to_jsonb(NEW) - 'lastSeenAt') THEN
          RETURN NULL;
        END IF;
        PERFORM pg_notify('${TENANT_CACHE_CHANNEL}', row_data ->> TG_ARGV[0]);
        RETURN NULL;
      END $$`);
    for (const [table, column] of TENANT_CACHE_TABLES)
      await queryRunner.query(
        `CREATE TRIGGER atendo_tenant_cache AFTER INSERT OR UPDATE OR DELETE ON "${table}"
           FOR EACH ROW EXECUTE FUNCTION atendo_tenant_cache_notify('${column}')`,
      );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of TENANT_CACHE_TABLES)
      await queryRunner.query(`DROP TRIGGER IF EXISTS atendo_tenant_cache ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS atendo_tenant_cache_notify()`);
  }
}
