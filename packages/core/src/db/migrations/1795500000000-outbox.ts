import type { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1795400000000-tenant-row-level-security.js';

/**
 * The transactional outbox (packages/core/src/events/outbox.ts): side effects that must not be lost,
 * written with the change that causes them. A platform table (no companyId, so no row-level
 * security); the application role gets the same rights as on every other table.
 */
export class Outbox1795500000000 implements MigrationInterface {
  name = 'Outbox1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "outbox" ("id" SERIAL NOT NULL, "topic" character varying NOT NULL, "payload" jsonb NOT NULL, "availableAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "attempts" integer NOT NULL DEFAULT '0', "lastError" text, "doneAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_outbox_pending" ON "outbox" ("availableAt") WHERE "doneAt" IS NULL`,
    );
    // Default privileges cover tables created by the role that set them; grant explicitly in
    // case another role migrates now.
    await queryRunner.query(`DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
          GRANT SELECT, INSERT, UPDATE, DELETE ON "outbox" TO ${APP_ROLE};
          GRANT USAGE, SELECT, UPDATE ON SEQUENCE "outbox_id_seq" TO ${APP_ROLE};
        END IF;
      END $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_outbox_pending"`);
    await queryRunner.query(`DROP TABLE "outbox"`);
  }
}
