import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Campaign delivery (docs/product/campaigns.md#delivery): contacts that opted out of campaigns (a partial index, so
 * recipients are checked against the few opted-out numbers), an optional daily campaign cap per
 * connection, the confirmation request's message id on a shipping (its idempotency key, as
 * jobId is the main message's), the delivery cursor (pending shippings by id) and the lookup of
 * an inbound number's shippings.
 */
export class CampaignDelivery1796200000000 implements MigrationInterface {
  name = 'CampaignDelivery1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "whatsapps" ADD "campaignDailyLimit" integer`);
    await queryRunner.query(
      `ALTER TABLE "contacts" ADD "campaignOptOut" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(`ALTER TABLE "campaign_shippings" ADD "confirmationMessageId" integer`);
    await queryRunner.query(
      `CREATE INDEX "IDX_contacts_campaign_opt_out" ON "contacts" ("companyId", "number") WHERE "campaignOptOut"`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_campaign_shippings_pending" ON "campaign_shippings" ("campaignId", "id") WHERE "deliveredAt" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_campaign_shippings_company_number" ON "campaign_shippings" ("companyId", "number") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_campaign_shippings_company_number"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_campaign_shippings_pending"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_contacts_campaign_opt_out"`);
    await queryRunner.query(`ALTER TABLE "campaign_shippings" DROP COLUMN "confirmationMessageId"`);
    await queryRunner.query(`ALTER TABLE "contacts" DROP COLUMN "campaignOptOut"`);
    await queryRunner.query(`ALTER TABLE "whatsapps" DROP COLUMN "campaignDailyLimit"`);
  }
}
