import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every table a company owns, as of this migration. A table added later gets the same
 * treatment in its own migration (`enableTenantRls` of the newest RLS migration);
 * api/test/row-level-security.test.ts fails when a table with a "companyId" column has no policy.
 */
export const TENANT_TABLES = [
  'baileys_auth',
  'campaign_settings',
  'campaign_shippings',
  'campaigns',
  'chat_messages',
  'chat_users',
  'chats',
  'contact_custom_fields',
  'contact_list_items',
  'contact_lists',
  'contact_tags',
  'contacts',
  'files',
  'files_options',
  'invoices',
  'lid_mappings',
  'logs_tickets',
  'messages',
  'prompts',
  'proxies',
  'queue_integrations',
  'queue_options',
  'queues',
  'quick_messages',
  'refresh_tokens',
  'scheduled_messages',
  'settings',
  'tags',
  'ticket_notes',
  'ticket_tags',
  'ticket_traking',
  'tickets',
  'transcription_credentials',
  'user_queues',
  'user_ratings',
  'users',
  'whatsapp_queues',
  'whatsapps',
];

/** The role the api and worker run as when their login role would bypass row-level security. */
export const APP_ROLE = 'atendo_app';

/**
 * As first written: a row is visible and writable when it belongs to the company the connection
 * was scoped to (`atendo.company_id`), or when the connection runs a named platform path
 * (`atendo.platform = 'on'`). Replaced by TenantRlsRange1795600000000, which is cheaper.
 */
const POLICY = `current_setting('atendo.platform', true) = 'on'
  OR "companyId" = NULLIF(current_setting('atendo.company_id', true), '')::integer`;

/** Row-level security on one tenant table: enabled, forced on the owner too, one policy. */
async function enableTenantRls(queryRunner: QueryRunner, table: string): Promise<void> {
  await queryRunner.query(`ALTER TABLE "${table}" ENABLE ROW LEVEL SECURITY`);
  await queryRunner.query(`ALTER TABLE "${table}" FORCE ROW LEVEL SECURITY`);
  await queryRunner.query(
    `CREATE POLICY tenant_isolation ON "${table}" USING (${POLICY}) WITH CHECK (${POLICY})`,
  );
}

/**
 * Wall 2 of tenancy (written by hand: TypeORM does not model policies). Also creates the
 * unprivileged application role when the migrating role may (embedded PostgreSQL runs as a
 * superuser, which row-level security never applies to) and grants it what the api needs.
 */
export class TenantRowLevelSecurity1795400000000 implements MigrationInterface {
  name = 'TenantRowLevelSecurity1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TENANT_TABLES) await enableTenantRls(queryRunner, table);
    await queryRunner.query(`DO $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}')
           AND EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND (rolsuper OR rolcreaterole)) THEN
          CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL; -- another database of this cluster created it at the same moment
      END $$`);
    await queryRunner.query(`DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
          GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
          GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE};
          GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
          ALTER DEFAULT PRIVILEGES IN SCHEMA public
            GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE};
          ALTER DEFAULT PRIVILEGES IN SCHEMA public
            GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${APP_ROLE};
        END IF;
      END $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TENANT_TABLES) {
      await queryRunner.query(`DROP POLICY IF EXISTS tenant_isolation ON "${table}"`);
      await queryRunner.query(`ALTER TABLE "${table}" NO FORCE ROW LEVEL SECURITY`);
      await queryRunner.query(`ALTER TABLE "${table}" DISABLE ROW LEVEL SECURITY`);
    }
  }
}
