import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why WhatsApp ended a session for good (the same login opened elsewhere, a banned or refused
 * number, an outdated client): the session stops instead of reconnecting in a loop, and the
 * console tells the admin what to do.
 */
export class ConnectionStatusReason1797100000000 implements MigrationInterface {
  name = 'ConnectionStatusReason1797100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "whatsapps" ADD "statusReason" character varying`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "whatsapps" DROP COLUMN "statusReason"`);
  }
}
