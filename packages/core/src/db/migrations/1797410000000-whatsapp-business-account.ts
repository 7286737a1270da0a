import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The WhatsApp Business Account of a Cloud API connection, set from the console: the app is
 * subscribed to its webhooks when the connection is saved (the phone-number id and the access
 * token already have their columns, facebookPageUserId and tokenMeta).
 */
export class WhatsappBusinessAccount1797410000000 implements MigrationInterface {
  name = 'WhatsappBusinessAccount1797410000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "whatsapps" ADD "businessAccountId" character varying`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "whatsapps" DROP COLUMN "businessAccountId"`);
  }
}
