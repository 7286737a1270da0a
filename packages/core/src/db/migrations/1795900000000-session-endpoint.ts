import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a connection's session can be reached: the control server's URL and the sealed key the
 * api presents to it (both reported by the session with its status). Outbound WhatsApp sends
 * go through them.
 */
export class SessionEndpoint1795900000000 implements MigrationInterface {
  name = 'SessionEndpoint1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "whatsapps" ADD "sessionEndpoint" character varying`);
    await queryRunner.query(`ALTER TABLE "whatsapps" ADD "sessionControlKey" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "whatsapps" DROP COLUMN "sessionControlKey"`);
    await queryRunner.query(`ALTER TABLE "whatsapps" DROP COLUMN "sessionEndpoint"`);
  }
}
