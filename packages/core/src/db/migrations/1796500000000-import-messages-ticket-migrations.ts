import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRls } from './1795600000000-tenant-rls-range.js';

/**
 * The durable state of two processes (issue 9): `import_messages` stages the history a session
 * hands over until the message import ran it through the pipeline; `ticket_migrations` holds
 * each ticket migration request and how far its batches got. Both are tenant tables under
 * row-level security like the others.
 */
export class ImportMessagesTicketMigrations1796500000000 implements MigrationInterface {
  name = 'ImportMessagesTicketMigrations1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "import_messages" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "whatsappId" integer NOT NULL, "wid" character varying NOT NULL, "sentAt" TIMESTAMP WITH TIME ZONE NOT NULL, "isGroup" boolean NOT NULL DEFAULT false, "event" jsonb NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_import_messages_whatsapp_wid" UNIQUE ("whatsappId", "wid"), CONSTRAINT "PK_dc336076305d1c867a3c98467b0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_6087df94133846c9f18092ce63" ON "import_messages" ("companyId") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_65af7a9ca830771a22f1d43cce" ON "import_messages" ("whatsappId", "sentAt", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "ticket_migrations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "companyId" integer NOT NULL, "userId" integer, "whatsappId" integer NOT NULL, "ticketIds" integer array NOT NULL, "position" integer NOT NULL DEFAULT '0', "migrated" integer NOT NULL DEFAULT '0', "failed" integer NOT NULL DEFAULT '0', "status" character varying NOT NULL DEFAULT 'running', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1feb555ee39d2918482154d2a19" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_8d88af0a8dbefe74d50e265561" ON "ticket_migrations" ("companyId", "status") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_6b3f2022913adab52f2f1652ee" ON "ticket_migrations" ("userId") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_1e640974bd10a3b2dda20cea7f" ON "ticket_migrations" ("whatsappId") `,
    );
    await queryRunner.query(
      `ALTER TABLE "import_messages" ADD CONSTRAINT "FK_6087df94133846c9f18092ce636" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "import_messages" ADD CONSTRAINT "FK_675a1cf31e4021fde596f776e55" FOREIGN KEY ("whatsappId") REFERENCES "whatsapps"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ticket_migrations" ADD CONSTRAINT "FK_87d3241f31c3618a526236d50b4" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ticket_migrations" ADD CONSTRAINT "FK_6b3f2022913adab52f2f1652eea" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ticket_migrations" ADD CONSTRAINT "FK_1e640974bd10a3b2dda20cea7f9" FOREIGN KEY ("whatsappId") REFERENCES "whatsapps"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await enableTenantRls(queryRunner, 'import_messages');
    await enableTenantRls(queryRunner, 'ticket_migrations');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ticket_migrations"`);
    await queryRunner.query(`DROP TABLE "import_messages"`);
  }
}
