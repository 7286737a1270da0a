import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An outbox row may name what makes it one of a kind (the AI prompt's answer to one inbound
 * message): a second enqueue with the same key is dropped, so no duplicate row ever answers.
 */
export class OutboxDedupKey1797200000000 implements MigrationInterface {
  name = 'OutboxDedupKey1797200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox" ADD "dedupKey" character varying`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_outbox_dedup_key" ON "outbox" ("dedupKey") WHERE "dedupKey" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."UQ_outbox_dedup_key"`);
    await queryRunner.query(`ALTER TABLE "outbox" DROP COLUMN "dedupKey"`);
  }
}
